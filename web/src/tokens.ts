// Seat tokens kept in the browser's local storage, per table and seat, so that a reload (or a
// later visit) takes the same seat back. A token is the only proof that a seat is ours. The
// server's tables are kept under `savanna.seats` and `savanna.created`, the tables on this device
// (local mode) under `savanna.local.seats` and `savanna.local.created`; the name is shared.

const NAME_KEY = 'savanna.name';

type Seats = Record<string, Record<string, string>>; // table -> seat -> token

function load(storage: Storage, key: string): Seats {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Seats) : {};
  } catch {
    return {};
  }
}

export class TokenStore {
  private readonly seatsKey: string;
  private readonly creatorKey: string; // table -> creator token (deletes a table nobody moved in)

  constructor(
    private readonly storage: Storage,
    prefix = 'savanna',
  ) {
    this.seatsKey = `${prefix}.seats`;
    this.creatorKey = `${prefix}.created`;
  }

  get(table: string, seat: number): string | undefined {
    return load(this.storage, this.seatsKey)[table]?.[String(seat)];
  }

  // The seats of `table` this browser holds, lowest first.
  seats(table: string): number[] {
    return Object.keys(load(this.storage, this.seatsKey)[table] ?? {})
      .map(Number)
      .sort((a, b) => a - b);
  }

  set(table: string, seat: number, token: string): void {
    const all = load(this.storage, this.seatsKey);
    all[table] = { ...(all[table] ?? {}), [String(seat)]: token };
    this.storage.setItem(this.seatsKey, JSON.stringify(all));
  }

  forget(table: string, seat: number): void {
    const all = load(this.storage, this.seatsKey);
    if (!all[table]) return;
    delete all[table][String(seat)];
    if (Object.keys(all[table]).length === 0) delete all[table];
    this.storage.setItem(this.seatsKey, JSON.stringify(all));
  }

  // Every table this browser holds a seat at.
  tables(): string[] {
    return Object.keys(load(this.storage, this.seatsKey));
  }

  // Forgets every seat of `table` and its creator token (the table closed, or is gone).
  forgetTable(table: string): void {
    const all = load(this.storage, this.seatsKey);
    delete all[table];
    this.storage.setItem(this.seatsKey, JSON.stringify(all));
    const created = this.created();
    delete created[table];
    this.storage.setItem(this.creatorKey, JSON.stringify(created));
  }

  setCreator(table: string, token: string): void {
    this.storage.setItem(this.creatorKey, JSON.stringify({ ...this.created(), [table]: token }));
  }

  creator(table: string): string | undefined {
    return this.created()[table];
  }

  private created(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.creatorKey) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  get name(): string {
    return this.storage.getItem(NAME_KEY) ?? '';
  }

  set name(value: string) {
    this.storage.setItem(NAME_KEY, value.slice(0, 40));
  }
}
