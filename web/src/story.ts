// Stories: what an action did, as the engine tells it (State::Story, the log entry's "story",
// docs/protocol.md): seats are marked {P0} (a name) and {P0's} (a possessive), and named here for
// the reader: "you" and "your" for the reader's own seat, "P1 AI easy" and "P1 AI easy's" for the
// others, capitalised at the start of a sentence. The marks are the story format's only markup;
// nothing else in a story is read.
import type { LogEntry } from './api.ts';
import type { Who } from './who.ts';

export function storyWords(story: string, who: Who): string {
  const text = story.replace(/\{P(\d+)('s)?\}/g, (_match, seat: string, poss: string | undefined, offset: number, whole: string) => {
    const before = whole.slice(0, offset);
    const start = before.length === 0 || /[.!?]\s+$/.test(before);
    const n = Number(seat);
    if (poss) {
      // A seat's possessive right after its name in the same sentence, with no other seat
      // between: "their" ("P1 AI easy played machete 5 on their pile 1"); "your" for the reader.
      const marks = before.slice(before.search(/[^.!?]*$/)).match(/\{P\d+(?:'s)?\}/g) ?? [];
      const previous = marks[marks.length - 1];
      if (!start && !who.isYou(n) && previous === `{P${n}}`) return 'their';
      return start ? who.Poss(n) : who.poss(n);
    }
    return start ? who.Name(n) : who.name(n);
  });
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// A log entry in words: its story where the game tells one, else who did what ("P1 AI easy:
// end moves.").
export function entryWords(entry: LogEntry, who: Who): string {
  return entry.story ? storyWords(entry.story, who) : `${who.Name(entry.player)}: ${entry.action}.`;
}
