// One table's live connection over the server's WebSocket (/ws): takes or retakes a seat (the
// token is kept in local storage), or spectates; gathers the move log; reconnects after a drop.
import type { ChatLine, LogEntry, ServerMessage, StateMessage } from './api.ts';
import type { TokenStore } from './tokens.ts';

export type Want = { seat: number } | { watch: true };

export interface Snapshot {
  connection: 'connecting' | 'open' | 'reconnecting';
  seat: number | null; // the seat this connection plays, once joined
  state: StateMessage | null; // the latest state message
  log: LogEntry[]; // the whole move log seen so far, by index
  error: string | null; // the last refusal (a bad action, a taken seat...)
  waiting: boolean; // an action was sent and is not acknowledged yet
  hints: Hints | null; // the latest hints received (for the state after `index` actions)
  hinting: boolean; // a hint was asked for and has not come yet
  chat: ChatLine[]; // the table's chat, oldest first (seats only; docs/protocol.md)
  chatError: string | null; // why the last chat line was refused
}

// The AI's estimate of this seat's chance to win after each legal action it tried.
export interface Hints {
  index: number; // the number of recorded actions of the state they are for
  rates: Map<string, number>; // action text -> chance to win, 0 to 1
}

// Merges log entries by index: a later entry for the same index replaces the earlier one.
export function mergeLog(log: LogEntry[], entries: LogEntry[]): LogEntry[] {
  if (entries.length === 0) return log;
  const byIndex = new Map(log.map((e) => [e.index, e]));
  for (const e of entries) byIndex.set(e.index, e);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export class TableConnection {
  private socket: SocketLike | null = null;
  private closed = false;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private nextId = 1;
  private snapshot: Snapshot = {
    connection: 'connecting',
    seat: null,
    state: null,
    log: [],
    error: null,
    waiting: false,
    hints: null,
    hinting: false,
    chat: [],
    chatError: null,
  };
  // The ids of chat lines sent and not answered: their refusals are the chat's, not the game's.
  private chatIds = new Set<number>();

  constructor(
    private readonly table: string,
    private want: Want,
    private readonly tokens: TokenStore,
    private readonly onChange: (s: Snapshot) => void,
    private readonly openSocket: () => SocketLike,
    private readonly name: () => string = () => tokens.name,
  ) {
    this.connect();
  }

  get current(): Snapshot {
    return this.snapshot;
  }

  act(action: string): void {
    if (this.snapshot.waiting) return;
    this.update({ waiting: true, error: null });
    this.send({ type: 'act', action });
  }

  // Asks the server's AI for hints on the current state (only where every other seat is an AI).
  hint(): void {
    if (this.snapshot.hinting || this.snapshot.seat === null) return;
    this.update({ hinting: true, error: null });
    this.send({ type: 'hint' });
  }

  // Takes this seat's last move back (and the AI moves after it): only where every other seat
  // is an AI. The server answers `taken_back` and sends the position again.
  takeBack(): void {
    if (this.snapshot.seat === null || this.snapshot.waiting) return;
    this.update({ waiting: true, error: null });
    this.send({ type: 'takeback' });
  }

  // A line of chat to the people at the table (a seat only).
  chat(text: string): void {
    if (this.snapshot.seat === null || !text.trim()) return;
    this.chatIds.add(this.nextId);
    this.send({ type: 'chat', text });
  }

  // Gives the seat up for good (the token stops working) and watches instead.
  leave(): void {
    if (this.snapshot.seat === null) return;
    this.send({ type: 'leave' });
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket?.close();
  }

  private update(change: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.onChange(this.snapshot);
  }

  private send(message: Record<string, unknown>): void {
    this.socket?.send(JSON.stringify({ ...message, id: this.nextId++ }));
  }

  private connect(): void {
    const socket = this.openSocket();
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.update({ connection: 'open' });
      this.greet();
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(ev.data) as ServerMessage;
      } catch {
        return;
      }
      this.receive(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket || this.closed) return;
      this.socket = null;
      this.update({ connection: 'reconnecting', waiting: false });
      const delay = Math.min(10000, 500 * 2 ** this.retries++);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  // The first message on a (new) connection: retake our seat, take the wanted one, or watch.
  private greet(): void {
    if ('watch' in this.want) {
      this.send({ type: 'spectate', table: this.table });
      return;
    }
    const seat = this.want.seat;
    const token = this.tokens.get(this.table, seat);
    if (token) this.send({ type: 'rejoin', table: this.table, token });
    else {
      const name = this.name().trim();
      this.send({ type: 'join', table: this.table, seat, ...(name ? { name } : {}) });
    }
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'joined':
        if (message.token) this.tokens.set(this.table, message.seat, message.token);
        // The chat kept so far follows the state (again after a reconnection).
        this.update({ seat: message.seat, log: [], error: null, chat: [] });
        break;
      case 'spectating':
        this.update({ seat: null, log: [] });
        break;
      case 'left':
        this.tokens.forget(this.table, message.seat);
        this.want = { watch: true };
        this.update({ seat: null });
        this.greet();
        break;
      case 'state':
        // A take-back shortens the game: entries past the state's actions are gone.
        this.update({
          state: message,
          log: mergeLog(this.snapshot.log, message.log).filter((e) => e.index < message.actions),
          waiting: false,
        });
        break;
      case 'hints':
        this.update({
          hints: { index: message.index, rates: new Map(message.hints.map((h) => [h.action, h.win_rate])) },
          hinting: false,
        });
        break;
      case 'chat':
        this.update({ chat: [...this.snapshot.chat, ...message.messages].slice(-100) });
        break;
      case 'chat_sent':
        this.chatIds.delete(Number(message.id));
        this.update({ chatError: null });
        break;
      case 'error':
        if (typeof message.id === 'number' && this.chatIds.delete(message.id)) {
          this.update({ chatError: message.message });
          break;
        }
        this.refused(message.code, message.message);
        break;
      default:
        break;
    }
  }

  private refused(code: string, text: string): void {
    if (code === 'hint_cancelled') {
      // The hint was for a position the player has moved on from: nothing to show or undo.
      this.update({ hinting: false });
      return;
    }
    if ('seat' in this.want && (code === 'bad_token' || code === 'seat_taken' || code === 'no_free_seat' || code === 'game_over')) {
      const seat = this.want.seat;
      if (code === 'bad_token') {
        // The token no longer holds the seat (given up or replaced): try to take it afresh.
        this.tokens.forget(this.table, seat);
        this.update({ error: `Your seat P${seat} was given up or replaced; trying to take it again.` });
        this.greet();
        return;
      }
      this.want = { watch: true };
      this.update({ error: `Seat P${seat} cannot be taken (${text}); you are watching.` });
      this.greet();
      return;
    }
    this.update({ error: text, waiting: false, hinting: false });
  }
}

export function browserSocket(): SocketLike {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocket(`${scheme}://${location.host}/ws`) as unknown as SocketLike;
}
