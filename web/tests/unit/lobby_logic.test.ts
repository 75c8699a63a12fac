// Routes, seat tokens in local storage and game specs.
import { describe, expect, test } from 'vitest';
import type { GameInfo } from '../../src/api.ts';
import { joinLink, parseRoute, reviewLink, routeHash } from '../../src/route.ts';
import { agentLabel, gameSpec, SEAT_CHOICES, seatSpec, settableParams } from '../../src/spec.ts';
import { TokenStore } from '../../src/tokens.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
}

const kariba: GameInfo = {
  name: 'kariba',
  title: 'Kariba',
  min_players: 2,
  max_players: 6,
  params: {
    players: { type: 'int', default: 4, min: 2, max: 6, description: '' },
    animals: { type: 'choice', default: '8', choices: ['8', '9'], description: '' },
    data: { type: 'string', default: '', description: '' },
    variant: { type: 'choice', default: 'standard', choices: ['standard', 'open'], description: '' },
    games: { type: 'int', default: 1, min: 1, max: 10, description: '' },
  },
};

describe('routes', () => {
  test('parse and print every page', () => {
    for (const hash of ['#/', '#/t/3f9c2a7d1b04', '#/t/3f9c2a7d1b04/seat/2', '#/t/3f9c2a7d1b04/watch', '#/rules/kap_kairo', '#/review/3f9c2a7d1b04', '#/review/3f9c2a7d1b04/2/17', '#/review/3f9c2a7d1b04/spectator/0'])
      expect(routeHash(parseRoute(hash))).toBe(hash);
    expect(parseRoute('#/t/3f9c2a7d1b04/seat/2')).toEqual({ page: 'table', table: '3f9c2a7d1b04', seat: 2 });
  });

  test('a table or review on this device is the same page under #/local', () => {
    for (const hash of ['#/local/t/3f9c2a7d1b04', '#/local/t/3f9c2a7d1b04/seat/1', '#/local/t/3f9c2a7d1b04/watch', '#/local/review/3f9c2a7d1b04/0/4'])
      expect(routeHash(parseRoute(hash))).toBe(hash);
    expect(parseRoute('#/local/t/3f9c2a7d1b04/seat/1')).toEqual({ page: 'table', table: '3f9c2a7d1b04', seat: 1, local: true });
    expect(routeHash({ page: 'review', table: 'ab12', local: true })).toBe('#/local/review/ab12');
    expect(routeHash({ page: 'table', table: 'ab12', seat: 0, local: false })).toBe('#/t/ab12/seat/0');
    // Only tables and reviews live on a device.
    expect(parseRoute('#/local/rules/kariba')).toEqual({ page: 'rules', game: 'kariba' });
    expect(parseRoute('#/local/x')).toEqual({ page: 'lobby' });
  });

  test('anything else is the lobby', () => {
    for (const hash of ['', '#', '#/x', '#/t/', '#/t/NOT-HEX', '#/t/<script>', '#/rules/', '#/rules/<b>', '#/review/', '#/review/<b>'])
      expect(parseRoute(hash)).toEqual({ page: 'lobby' });
  });

  test('a review names its table, and a viewer and a step only when they are well formed', () => {
    expect(parseRoute('#/review/3f9c2a7d1b04/1/5')).toEqual({ page: 'review', table: '3f9c2a7d1b04', viewer: 1, step: 5 });
    expect(parseRoute('#/review/3f9c2a7d1b04/someone/5')).toEqual({ page: 'review', table: '3f9c2a7d1b04' });
    expect(parseRoute('#/review/3f9c2a7d1b04/0/-1')).toEqual({ page: 'review', table: '3f9c2a7d1b04', viewer: 0 });
    expect(reviewLink('http://127.0.0.1:8080', 'ab12')).toBe('http://127.0.0.1:8080/#/review/ab12');
  });

  test('a join link names the table and the seat', () => {
    expect(joinLink('http://127.0.0.1:8080', 'ab12', 1)).toBe('http://127.0.0.1:8080/#/t/ab12/seat/1');
  });
});

describe('tokens', () => {
  test('are kept per table and seat and survive a new store on the same storage', () => {
    const storage = new MemoryStorage();
    const a = new TokenStore(storage);
    a.set('t1', 2, 'tok2');
    a.set('t1', 0, 'tok0');
    a.set('t2', 1, 'other');
    const b = new TokenStore(storage);
    expect(b.get('t1', 2)).toBe('tok2');
    expect(b.seats('t1')).toEqual([0, 2]);
    b.forget('t1', 2);
    expect(a.get('t1', 2)).toBeUndefined();
    expect(a.seats('t2')).toEqual([1]);
  });

  test('the tables on this device are kept apart from the server’s', () => {
    const storage = new MemoryStorage();
    const server = new TokenStore(storage);
    const local = new TokenStore(storage, 'savanna.local');
    server.set('t1', 0, 'server');
    local.set('t1', 1, 'local');
    local.setCreator('t2', 'c');
    expect(server.seats('t1')).toEqual([0]);
    expect(local.seats('t1')).toEqual([1]);
    expect(server.creator('t2')).toBeUndefined();
    expect(storage.getItem('savanna.local.seats')).toBe('{"t1":{"1":"local"}}');
    local.name = 'Ada';
    expect(server.name).toBe('Ada');
  });

  test('a damaged entry reads as no tokens', () => {
    const storage = new MemoryStorage();
    storage.setItem('savanna.seats', '{not json');
    expect(new TokenStore(storage).seats('t1')).toEqual([]);
  });

  test('the name is at most 40 characters', () => {
    const t = new TokenStore(new MemoryStorage());
    t.name = 'x'.repeat(50);
    expect(t.name).toHaveLength(40);
  });
});

describe('specs', () => {
  test('string parameters (files on the server) and players are not offered', () => {
    expect(settableParams(kariba).map(([n]) => n)).toEqual(['animals', 'variant', 'games']);
  });

  test('the spec lists the player count and the changed values only', () => {
    expect(gameSpec(kariba, 3, { animals: '8', variant: 'open', games: 1 })).toBe('kariba(players=3,variant=open)');
    expect(gameSpec(kariba, 5, { animals: '9', games: 3 })).toBe('kariba(players=5,animals=9,games=3)');
  });

  test('the AI seats are the ladder\'s levels, labelled by name', () => {
    expect(seatSpec('human')).toBe('human');
    expect(SEAT_CHOICES.map((c) => c.spec)).toEqual(['human', 'random', 'easy', 'medium', 'strong', 'expert']);
    expect(() => seatSpec('nobody')).toThrow();
    expect(agentLabel('random')).toBe('AI random');
    expect(agentLabel('strong(time=0.2,tree_mb=64)')).toBe('AI strong');
    expect(agentLabel('flat_mc(iters=10)')).toBe('AI flat_mc(iters=10)');
  });
});
