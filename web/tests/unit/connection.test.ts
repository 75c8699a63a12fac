// The table connection against a scripted socket: joining stores the token, a reload rejoins with
// it, a dead token is dropped, a taken seat falls back to watching, the log merges by index, and
// a dropped connection comes back and retakes the seat.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mergeLog, TableConnection, type Snapshot, type SocketLike } from '../../src/connection.ts';
import { TokenStore } from '../../src/tokens.ts';
import { memoryStorage } from './memory_storage.ts';

class FakeSocket implements SocketLike {
  sent: Record<string, unknown>[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.onclose?.({});
  }
  open() {
    this.onopen?.({});
  }
  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function state(log: { index: number; player: number; action: string }[], extra: Record<string, unknown> = {}) {
  // `actions` counts the moves made, as the server's does: one past the last entry of the log.
  const actions = log.length ? Math.max(...log.map((e) => e.index)) + 1 : 0;
  return { type: 'state', table: 't1', viewer: 0, status: 'playing', actions, to_act: [0], seats: [], view: {}, log, result: null, ...extra };
}

let sockets: FakeSocket[];
let tokens: TokenStore;
let snapshots: Snapshot[];
function connect(want: { seat: number } | { watch: true }) {
  return new TableConnection('t1', want, tokens, (s) => snapshots.push(s), () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  }, () => 'Ada');
}

beforeEach(() => {
  sockets = [];
  snapshots = [];
  tokens = new TokenStore(memoryStorage());
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('TableConnection', () => {
  test('joins a free seat with the name and keeps the token', () => {
    const c = connect({ seat: 1 });
    sockets[0].open();
    expect(sockets[0].sent[0]).toMatchObject({ type: 'join', table: 't1', seat: 1, name: 'Ada' });
    sockets[0].receive({ type: 'joined', table: 't1', seat: 1, token: 'abc' });
    expect(tokens.get('t1', 1)).toBe('abc');
    expect(c.current.seat).toBe(1);
  });

  test('rejoins with a stored token', () => {
    tokens.set('t1', 0, 'tok');
    connect({ seat: 0 });
    sockets[0].open();
    expect(sockets[0].sent[0]).toMatchObject({ type: 'rejoin', table: 't1', token: 'tok' });
  });

  test('a token that no longer holds the seat is dropped and the seat taken afresh', () => {
    tokens.set('t1', 0, 'dead');
    connect({ seat: 0 });
    sockets[0].open();
    sockets[0].receive({ type: 'error', code: 'bad_token', message: 'no seat', id: 1 });
    expect(tokens.get('t1', 0)).toBeUndefined();
    expect(sockets[0].sent[1]).toMatchObject({ type: 'join', seat: 0 });
  });

  test('a taken seat falls back to watching', () => {
    const c = connect({ seat: 1 });
    sockets[0].open();
    sockets[0].receive({ type: 'error', code: 'seat_taken', message: 'seat 1 is taken', id: 1 });
    expect(sockets[0].sent[1]).toMatchObject({ type: 'spectate', table: 't1' });
    expect(c.current.error).toMatch(/watching/);
  });

  test('the log is merged by index and an action waits for its state', () => {
    const c = connect({ seat: 0 });
    sockets[0].open();
    sockets[0].receive({ type: 'joined', table: 't1', seat: 0, token: 'x' });
    sockets[0].receive(state([{ index: 0, player: 0, action: 'play 1' }]));
    c.act('play 2');
    expect(c.current.waiting).toBe(true);
    expect(sockets[0].sent.at(-1)).toMatchObject({ type: 'act', action: 'play 2' });
    c.act('play 3'); // ignored while the first is on its way
    expect(sockets[0].sent.filter((m) => m.type === 'act')).toHaveLength(1);
    sockets[0].receive(state([{ index: 2, player: 1, action: 'play 5' }, { index: 1, player: 0, action: 'play 2' }]));
    expect(c.current.waiting).toBe(false);
    expect(c.current.log.map((e) => e.index)).toEqual([0, 1, 2]);
  });

  test('after a take-back the log keeps only the moves the new state counts', () => {
    const c = connect({ seat: 0 });
    sockets[0].open();
    sockets[0].receive({ type: 'joined', table: 't1', seat: 0, token: 'x' });
    sockets[0].receive(state([{ index: 0, player: 0, action: 'play 1' }, { index: 1, player: 1, action: 'play 5' }, { index: 2, player: 0, action: 'play 2' }, { index: 3, player: 1, action: 'play 4' }]));
    expect(c.current.log).toHaveLength(4);
    // The server took moves 2 and 3 back: its next state counts two moves.
    sockets[0].receive({ type: 'taken_back', table: 't1', seat: 0, actions: 2, id: 2 });
    sockets[0].receive(state([{ index: 0, player: 0, action: 'play 1' }, { index: 1, player: 1, action: 'play 5' }]));
    expect(c.current.log.map((e) => e.index)).toEqual([0, 1]);
  });

  test('a hint cancelled by a move is dropped quietly and the move still waits for its state', () => {
    const c = connect({ seat: 0 });
    sockets[0].open();
    sockets[0].receive({ type: 'joined', table: 't1', seat: 0, token: 'x' });
    sockets[0].receive(state([{ index: 0, player: 1, action: 'play 1' }]));
    c.hint();
    expect(c.current.hinting).toBe(true);
    c.act('play 2');
    sockets[0].receive({ type: 'ack', index: 1, id: 3 });
    sockets[0].receive({ type: 'error', code: 'hint_cancelled', message: 'the hint was cancelled', id: 2 });
    expect(c.current.hinting).toBe(false);
    expect(c.current.error).toBeNull();
    expect(c.current.waiting).toBe(true);
  });

  test('a refused action shows the reason and allows another', () => {
    const c = connect({ seat: 0 });
    sockets[0].open();
    c.act('play 9');
    sockets[0].receive({ type: 'error', code: 'illegal_action', message: "'play 9' is not legal", id: 2 });
    expect(c.current.error).toBe("'play 9' is not legal");
    expect(c.current.waiting).toBe(false);
  });

  test('a dropped connection reconnects and retakes the seat with the token', () => {
    const c = connect({ seat: 0 });
    sockets[0].open();
    sockets[0].receive({ type: 'joined', table: 't1', seat: 0, token: 'tok' });
    sockets[0].onclose?.({});
    expect(c.current.connection).toBe('reconnecting');
    vi.advanceTimersByTime(600);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toMatchObject({ type: 'rejoin', token: 'tok' });
  });

  test('closing stops reconnecting', () => {
    const c = connect({ watch: true });
    sockets[0].open();
    expect(sockets[0].sent[0]).toMatchObject({ type: 'spectate' });
    c.close();
    vi.advanceTimersByTime(20000);
    expect(sockets).toHaveLength(1);
  });

  test('mergeLog replaces an entry of the same index', () => {
    const a = { index: 0, player: 0, action: 'a', structured: { kind: 'a' } };
    const b = { index: 0, player: 0, action: 'b', structured: { kind: 'b' } };
    expect(mergeLog([a], [b])).toEqual([b]);
  });
});
