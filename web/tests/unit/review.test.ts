// The review page's logic without a browser: the keys that step, and the loader that asks the
// server for one step at a time (the latest asked for wins; requests spaced apart).
import { describe, expect, test } from 'vitest';
import { stepForKey } from '../../src/review.tsx';
import { StepLoader } from '../../src/step_loader.ts';

test('arrows step by one, Home and End jump, within the game', () => {
  expect(stepForKey('ArrowRight', 3, 10)).toBe(4);
  expect(stepForKey('ArrowLeft', 3, 10)).toBe(2);
  expect(stepForKey('ArrowLeft', 0, 10)).toBe(0);
  expect(stepForKey('ArrowRight', 10, 10)).toBe(10);
  expect(stepForKey('Home', 7, 10)).toBe(0);
  expect(stepForKey('End', 2, 10)).toBe(10);
  expect(stepForKey('a', 2, 10)).toBeNull();
});

describe('StepLoader', () => {
  // A server whose replies the test releases by hand, and a clock the test moves.
  function setup(gapMs = 60) {
    const pending: { ask: number; ok: (r: string) => void; fail: (e: unknown) => void }[] = [];
    const replies: [number, string][] = [];
    const errors: number[] = [];
    let clock = 0;
    const sleeps: number[] = [];
    const loader = new StepLoader<number, string>(
      (ask) => new Promise((ok, fail) => pending.push({ ask, ok, fail })),
      (ask, r) => replies.push([ask, r]),
      (ask) => errors.push(ask),
      gapMs,
      () => clock,
      async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    );
    const settle = () => new Promise((ok) => setTimeout(ok, 0));
    return { loader, pending, replies, errors, sleeps, settle, tick: (ms: number) => (clock += ms) };
  }

  test('one request at a time; asks made meanwhile collapse into the latest', async () => {
    const t = setup();
    t.loader.ask(1);
    await t.settle();
    for (const step of [2, 3, 4, 5]) t.loader.ask(step);
    expect(t.pending.map((p) => p.ask)).toEqual([1]);
    t.tick(100);
    t.pending[0].ok('one');
    await t.settle();
    expect(t.pending.map((p) => p.ask)).toEqual([1, 5]);
    t.pending[1].ok('five');
    await t.settle();
    expect(t.replies).toEqual([
      [1, 'one'],
      [5, 'five'],
    ]);
  });

  test('requests start at least the gap apart', async () => {
    const t = setup(60);
    t.loader.ask(1);
    await t.settle();
    t.tick(10);
    t.pending[0].ok('one');
    t.loader.ask(2);
    await t.settle();
    expect(t.sleeps).toEqual([50]);
    expect(t.pending.map((p) => p.ask)).toEqual([1, 2]);
  });

  test('an error is reported and the next ask still loads; nothing after close', async () => {
    const t = setup();
    t.loader.ask(1);
    await t.settle();
    t.tick(100);
    t.pending[0].fail(new Error('refused'));
    await t.settle();
    expect(t.errors).toEqual([1]);
    t.loader.ask(2);
    await t.settle();
    t.loader.close();
    t.pending[1].ok('late');
    await t.settle();
    expect(t.replies).toEqual([]);
  });
});
