// A link to hand to someone: shown in a read-only field (selected on focus) with a Copy button;
// where the clipboard is refused (an insecure origin, a denied permission) the field is selected
// and the note says to press Ctrl+C.
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';

export function CopyLink(props: { link: string; label: string; data?: string }): JSX.Element {
  const [note, setNote] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.link);
      setNote('Copied.');
    } catch {
      field.current?.select();
      setNote('Selected: copy it with Ctrl+C.');
    }
  };
  return (
    <span class="copy-link">
      <input ref={field} readOnly value={props.link} aria-label={props.label} onFocus={(e) => (e.target as HTMLInputElement).select()} data-link={props.data} />
      <button type="button" class="secondary" onClick={copy} data-copy-link={props.data}>
        Copy link
      </button>{' '}
      <span role="status">{note}</span>
    </span>
  );
}
