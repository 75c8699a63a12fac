// The records of the games on this device, in the browser's IndexedDB (database `savanna-local`,
// object store `tables`, one entry per table: {table, record}). Only the engine's worker opens it;
// the page never reads it (a record holds the seed, hence every hand).
import type { RecordStore, StoredRecord } from './protocol.ts';

const DB_NAME = 'savanna-local';
const TABLES = 'tables';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
  });
}

export async function openRecordStore(name = DB_NAME): Promise<RecordStore> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(TABLES, { keyPath: 'table' });
  const db = await done(open);
  return {
    all: () => done(db.transaction(TABLES, 'readonly').objectStore(TABLES).getAll() as IDBRequest<StoredRecord[]>),
    apply: (changes) =>
      new Promise<void>((ok, fail) => {
        // Relaxed: written when the browser has it, not flushed to the disk first. A reload, a
        // closed tab or a closed browser keep it; a power cut just after a move may lose it.
        const tx = db.transaction(TABLES, 'readwrite', { durability: 'relaxed' });
        const tables = tx.objectStore(TABLES);
        for (const c of changes) {
          if ('put' in c) tables.put({ table: c.put.table, record: c.put.record });
          else tables.delete(c.remove);
        }
        tx.oncomplete = () => ok();
        tx.onerror = () => fail(tx.error);
        tx.onabort = () => fail(tx.error ?? new Error('the transaction was aborted'));
      }),
  };
}

// Where IndexedDB cannot be opened (some private windows): games last as long as the worker.
export function memoryRecordStore(): RecordStore {
  const records = new Map<string, StoredRecord>();
  return {
    all: () => Promise.resolve([...records.values()]),
    apply: (changes) => {
      for (const c of changes) {
        if ('put' in c) records.set(c.put.table, c.put);
        else records.delete(c.remove);
      }
      return Promise.resolve();
    },
  };
}
