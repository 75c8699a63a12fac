// The table's chat between the people seated at it (docs/protocol.md, "chat"): shown to a seat
// when another seat is a person; never to a spectator, and an AI seat never reads it. Lines are
// text: Preact writes them as text nodes, so markup in a line is shown, never run.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatLine } from './api.ts';
import { SeatBadge } from './palette.tsx';
import type { Who } from './who.ts';

export const CHAT_MAX_CHARS = 280;

export function Chat(props: { lines: ChatLine[]; error: string | null; who: Who; onSend: (text: string) => void }): JSX.Element {
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [props.lines.length]);
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
