// How to play: each game's rules (games/<game>/rules.tsx), as a page of its own (#/rules/GAME,
// linked from the lobby) and as a dialog the table page opens at any moment without leaving the
// game.
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { allRules, rulesOf } from './games/index.ts';
import { routeHash } from './route.ts';
import './rules/rules.css';

export function RulesView(props: { game: string; headingLevel?: 1 | 2 }): JSX.Element {
  const rules = rulesOf(props.game);
  if (!rules) return <p>There is no rules page for {props.game} yet; its table lists the legal moves as buttons.</p>;
  const H = props.headingLevel === 2 ? 'h2' : 'h1';
  const S = props.headingLevel === 2 ? 'h3' : 'h2';
  return (
    <article class="rules" data-rules={props.game}>
      <H>How to play {rules.title}</H>
      <p class="rules-goal">{rules.goal}</p>
      {rules.sections.map((s) => (
        <section key={s.title}>
          <S>{s.title}</S>
          {s.body}
        </section>
      ))}
    </article>
  );
}

export function RulesPage(props: { game: string }): JSX.Element {
  return (
    <main class="rules-page">
      <nav class="rules-nav" aria-label="games">
        <a href="#/">← Lobby</a>
        {allRules().map(([name, r]) => (
          <a key={name} href={routeHash({ page: 'rules', game: name })} aria-current={name === props.game ? 'page' : undefined}>
            {r.title}
          </a>
        ))}
      </nav>
      <RulesView game={props.game} />
    </main>
  );
}

// The rules over the table: a modal dialog (Escape or the button closes it); the game goes on
// underneath and the connection stays open.
export function RulesDialog(props: { game: string; open: boolean; onClose: () => void }): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={ref} class="rules-dialog" aria-label="how to play" onClose={props.onClose}>
      <form method="dialog" class="dialog-close">
        <button type="submit">Close the rules</button>
      </form>
      {props.open ? <RulesView game={props.game} headingLevel={2} /> : null}
    </dialog>
  );
}

// The lobby's links to every game's rules.
export function RulesLinks(): JSX.Element {
  return (
    <nav class="rules-links" aria-label="how to play">
      How to play:{' '}
      {allRules().map(([name, r], i) => (
        <span key={name}>
          {i ? ' · ' : ''}
          <a href={routeHash({ page: 'rules', game: name })} data-rules-link={name}>
            {r.title}
          </a>
        </span>
      ))}
    </nav>
  );
}
