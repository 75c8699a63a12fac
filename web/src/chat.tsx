// The table's chat between the people seated at it (docs/protocol.md, "chat"): shown to a seat
// when another seat is a person; never to a spectator, and an AI seat never reads it. Lines are
// text: Preact writes them as text nodes, so markup in a line is shown, never run.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatLine } from './api.ts';
import { SeatBadge } from './palette.tsx';
import type { Who } from './who.ts';

export const CHAT_MAX_CHARS = 280;

// `onSeen(n)`: the first n lines have been on screen (so a notice of new lines can go).
export function Chat(props: { lines: ChatLine[]; error: string | null; who: Who; onSend: (text: string) => void; onSeen?: (n: number) => void }): JSX.Element {
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [props.lines.length]);
  useEffect(() => {
    const el = list.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  useEffect(() => {
    if (visible) props.onSeen?.(props.lines.length);
  }, [visible, props.lines.length]);
  const send = (e: Event) => {
    e.preventDefault();
    if (!text.trim()) return;
    props.onSend(text);
    setText('');
  };
  return (
    <section class="chat" aria-label="chat with the other players">
      <h2>Chat</h2>
      <ol ref={list} aria-live="polite" tabindex={0} aria-label="chat, the latest last" data-chat-lines>
        {props.lines.map((line, i) => (
          <li key={i} data-chat-seat={line.seat}>
            <SeatBadge seat={line.seat} /> <strong>{props.who.isYou(line.seat) ? 'You' : line.name}</strong>: <span class="chat-text">{line.text}</span>
          </li>
        ))}
      </ol>
      <form onSubmit={send} class="chat-form">
        <input
          value={text}
          maxLength={CHAT_MAX_CHARS}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
          aria-label="a line to the other players"
          placeholder="Say something to the table"
          data-chat-input
        />
        <button type="submit" disabled={!text.trim()} data-chat-send>
          Send
        </button>
      </form>
      {props.error ? (
        <p class="error" role="alert">
          {props.error}
        </p>
      ) : null}
    </section>
  );
}

// A line of the others that came while the chat was off screen (on a phone it lies below the
// board): shown under the turn line until the chat has been on screen; a press brings it there.
export function ChatNotice(props: { lines: ChatLine[]; seen: number; who: Who }): JSX.Element | null {
  const fresh = props.lines.slice(props.seen).filter((l) => !props.who.isYou(l.seat));
  const latest = fresh[fresh.length - 1];
  if (!latest) return null;
  const open = () => document.querySelector<HTMLElement>('[data-chat-input]')?.focus();
  return (
    <button type="button" class="secondary chat-notice" onClick={open} data-chat-notice={fresh.length}>
      {fresh.length > 1 ? `${fresh.length} new lines in the chat` : 'New in the chat'}: {latest.name}: {latest.text}
    </button>
  );
}
