// Seats named for the person reading the page: their own seat is "you" (the turn line, the
// boards, the log, the result), every other seat its label ("P1 AI easy", "P2 Ada"). A spectator,
// and a review, read every seat by its label.

export class Who {
  constructor(
    readonly names: string[], // per seat, "P0 Ada" or "P1 AI easy"
    readonly viewer: number | 'spectator' = 'spectator',
  ) {}

  isYou(seat: number): boolean {
    return seat === this.viewer;
  }

  // "you" or "P1 AI easy" (in the middle of a sentence).
  name(seat: number): string {
    return this.isYou(seat) ? 'you' : this.label(seat);
  }

  // "You" or "P1 AI easy" (at the start of a sentence).
  Name(seat: number): string {
    return this.isYou(seat) ? 'You' : this.label(seat);
  }

  // The seat's label whoever reads it ("P0 Ada").
  label(seat: number): string {
    return this.names[seat] ?? `P${seat}`;
  }

  // "your" or "P1 AI easy's".
  poss(seat: number): string {
    return this.isYou(seat) ? 'your' : `${this.label(seat)}'s`;
  }

  Poss(seat: number): string {
    return this.isYou(seat) ? 'Your' : `${this.label(seat)}'s`;
  }

  // The seat doing something, with the verb in the right person: says(0, 'choose', 'chooses')
  // is "You choose" for seat 0's own page and "P0 Ada chooses" for everyone else.
  says(seat: number, you: string, other: string): string {
    return `${this.Name(seat)} ${this.isYou(seat) ? you : other}`;
  }

  // Several seats in words, "you" first: "you, P1 AI easy and P2 Ada".
  list(seats: number[]): string {
    const ordered = [...seats.filter((s) => this.isYou(s)), ...seats.filter((s) => !this.isYou(s))];
    const words = ordered.map((s) => this.name(s));
    if (words.length <= 1) return words.join('');
    return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  }
}

// Capitalises the first letter ("you and P2" -> "You and P2").
export function capital(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
