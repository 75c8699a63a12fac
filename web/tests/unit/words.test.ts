// The page's words for the person reading it: "you" for their own seat (the turn line, the
// result), why the winners won with every tie-break, and the lobby's tables and levels in words.
import { describe, expect, test } from 'vitest';
import type { AgentInfo, GameInfo, GameResult, TableSummary } from '../../src/api.ts';
import { turnLine } from '../../src/games/common.tsx';
import { gameUi, outcomeText, optionWords } from '../../src/games/index.ts';
import { isLive } from '../../src/lobby.tsx';
import { headline, outcomeOf } from '../../src/outcome.ts';
import { parseSpec, tableWords, thinkingTime } from '../../src/spec.ts';
import { entryWords, storyWords } from '../../src/story.ts';
import { Who } from '../../src/who.ts';

const names = ['P0 Ada', 'P1 AI medium', 'P2 Guest 3'];
const you0 = new Who(names, 0);
const watcher = new Who(names, 'spectator');

describe('you', () => {
  test('the viewer is "you", every other seat its label', () => {
    expect(you0.Name(0)).toBe('You');
    expect(you0.name(1)).toBe('P1 AI medium');
    expect(you0.poss(0)).toBe('your');
    expect(you0.Poss(2)).toBe("P2 Guest 3's");
    expect(you0.says(0, 'choose', 'chooses')).toBe('You choose');
    expect(you0.says(1, 'choose', 'chooses')).toBe('P1 AI medium chooses');
    expect(you0.list([2, 0, 1])).toBe('you, P2 Guest 3 and P1 AI medium');
    expect(watcher.Name(0)).toBe('P0 Ada');
    expect(watcher.list([1])).toBe('P1 AI medium');
  });

  test('the turn line says "Your turn" to the seat to act and names the others', () => {
    expect(turnLine(you0, [0], 'take a card', 'takes a card')).toBe('Your turn: take a card');
    expect(turnLine(you0, [1], 'take a card', 'takes a card')).toBe('P1 AI medium takes a card');
    expect(turnLine(you0, [0, 2], 'choose a card', 'chooses', 'choose')).toBe('Your turn: choose a card (P2 Guest 3 at the same time)');
    expect(turnLine(you0, [1, 2], 'choose a card', 'chooses', 'choose')).toBe('P1 AI medium and P2 Guest 3 choose');
    expect(turnLine(watcher, [0], 'take a card', 'takes a card')).toBe('P0 Ada takes a card');
  });

  test('every game writes "Your turn" when the viewer is to act, and never "P0" for the viewer', () => {
    const views: Record<string, object> = {
      kariba: { game: 'kariba', phase: 'play', to_act: [0], match: { game: 1, games: 1 } },
      kilimanjaro: { game: 'kilimanjaro', phase: 'play', to_act: [0], winners: null },
      kap_kairo: { game: 'kap_kairo', phase: 'bid', to_act: [0, 1] },
      kalimambo: { game: 'kalimambo', phase: 'choose', to_act: [0, 2], round: 3, rounds: 12 },
      kitara: { game: 'kitara', phase: 'take', current: 0, to_act: [0], round: 2, last_round: null, turn: { take_choices: 2 } },
    };
    for (const [game, view] of Object.entries(views)) {
      const line = gameUi(game).phase(view as never, you0);
      expect(line, game).toContain('Your turn: ');
      expect(line, game).not.toMatch(/P0/);
      expect(gameUi(game).phase(view as never, watcher), game).not.toContain('Your turn');
    }
  });
});

describe('stories', () => {
  test('seats are named for the reader, capitalised at the start of a sentence', () => {
    const story = "{P1} played 2 giraffes, which chased 2 zebras into {P1's} score pile. Round 3 is over; points {P0} 5 and {P1} 4";
    expect(storyWords(story, you0)).toBe('P1 AI medium played 2 giraffes, which chased 2 zebras into their score pile. Round 3 is over; points you 5 and P1 AI medium 4.');
    // "their" only where it cannot name another seat.
    expect(storyWords("{P1} played jeep 5 on {P2's} pile 1, then {P2's} pile 2", you0)).toBe("P1 AI medium played jeep 5 on P2 Guest 3's pile 1, then P2 Guest 3's pile 2.");
    expect(storyWords("{P1} moved. {P1's} turn ends", you0)).toBe("P1 AI medium moved. P1 AI medium's turn ends.");
    expect(storyWords(story, new Who(names, 1))).toBe('You played 2 giraffes, which chased 2 zebras into your score pile. Round 3 is over; points P0 Ada 5 and you 4.');
    expect(storyWords("{P0's} savannas feed 1 of 2 cards", you0)).toBe('Your savannas feed 1 of 2 cards.');
  });

  test('an entry without a story reads as who did what', () => {
    expect(entryWords({ index: 3, player: 1, action: 'end moves', structured: { kind: 'end_moves' } }, you0)).toBe('P1 AI medium: end moves.');
    expect(entryWords({ index: 3, player: 0, action: 'play 7', structured: { kind: 'play' }, story: '{P0} chose 7' }, you0)).toBe('You chose 7.');
  });
});

describe('the result', () => {
  const result = (scores: number[], winners: number[]): GameResult => ({ scores, winners, returns: scores.map((_, s) => (winners.includes(s) ? 1 / winners.length : 0)) });

  test('the headline says "You won" or "You lost" to a seat, who won to a spectator', () => {
    expect(headline(result([3, 5, 1], [0]), you0)).toBe('You won!');
    expect(headline(result([3, 5, 1], [1]), you0)).toBe('You lost: P1 AI medium won.');
    expect(headline(result([3, 3, 1], [0, 1]), you0)).toBe('You shared the win with P1 AI medium.');
    expect(headline(result([1, 3, 3], [1, 2]), you0)).toBe('You lost: P1 AI medium and P2 Guest 3 shared the win.');
    expect(headline(result([3, 5, 1], [1]), watcher)).toBe('P1 AI medium won.');
    expect(outcomeOf(result([3, 5, 1], [1]), you0)).toBe('lost');
    expect(outcomeOf(result([3, 5, 1], [1]), watcher)).toBe('watched');
  });

  test('Kitara: a tie on points goes to the most hero tokens, and the page says so', () => {
    const view = { game: 'kitara', players: [{ hero_tokens: 1 }, { hero_tokens: 2 }, { hero_tokens: 0 }] };
    expect(outcomeText(view as never, result([34, 34, 20], [1]), you0)).toBe(
      'Most points wins: you 34, P1 AI medium 34, P2 Guest 3 20. You and P1 AI medium tied on 34 points; the most hero tokens breaks the tie: you 1, P1 AI medium 2.',
    );
    const level = { game: 'kitara', players: [{ hero_tokens: 2 }, { hero_tokens: 2 }, { hero_tokens: 0 }] };
    expect(outcomeText(level as never, result([34, 34, 20], [0, 1]), you0)).toBe('Most points wins: you 34, P1 AI medium 34, P2 Guest 3 20. You and P1 AI medium tied on 34 points and share the win.');
  });

  test('Kalimambo: minus points as the board shows them, fewest first, never negated', () => {
    const view = { game: 'kalimambo', players: [{ minus_points: 30 }, { minus_points: 12 }, { minus_points: 19 }] };
    const text = outcomeText(view as never, result([-30, -12, -19], [1]), you0)!;
    expect(text).toBe('Fewest minus points wins: P1 AI medium 12, P2 Guest 3 19, you 30.');
    expect(text).not.toContain('-');
  });

  test('Kilimanjaro: the base camp, or the furthest with the longest next move breaking a tie', () => {
    const trail = { length: 100 };
    const camp = { game: 'kilimanjaro', trail, players: [{ position: 100, distance: 4 }, { position: 80, distance: 6 }, { position: 70, distance: 2 }] };
    expect(outcomeText(camp as never, result([100, 80, 70], [0]), you0)).toBe('You reached the base camp first. Spaces: you 100, P1 AI medium 80, P2 Guest 3 70.');
    const tie = { game: 'kilimanjaro', trail, players: [{ position: 80, distance: 4 }, { position: 80, distance: 9 }, { position: 70, distance: 2 }] };
    expect(outcomeText(tie as never, result([80, 80, 70], [1]), you0)).toContain('You and P1 AI medium tied on space 80; the longest next move breaks the tie: you 4, P1 AI medium 9.');
  });

  test('Kariba and Vom Kap bis Kairo', () => {
    const kariba = { game: 'kariba', match: { game: 1, games: 1 } };
    expect(outcomeText(kariba as never, result([14, 20, 20], [1, 2]), you0)).toBe('Most points wins: P1 AI medium 20, P2 Guest 3 20, you 14. P1 AI medium and P2 Guest 3 tied on 20 points and share the win.');
    const kap = { game: 'kap_kairo', players: [{ landscapes_built: 5 }, { landscapes_built: 8 }, { landscapes_built: 6 }] };
    expect(outcomeText(kap as never, result([5, 8, 6], [1]), you0)).toBe('P1 AI medium was the first to build an eighth landscape. Landscapes built: P1 AI medium 8, P2 Guest 3 6, you 5.');
  });
});

describe('the lobby in words', () => {
  const kariba: GameInfo = {
    name: 'kariba',
    title: 'Kariba',
    min_players: 2,
    max_players: 6,
    params: {
      players: { type: 'int', default: 4, min: 2, max: 6, description: '' },
      animals: { type: 'choice', default: '8', choices: ['8', '9'], description: '' },
      variant: { type: 'choice', default: 'standard', choices: ['standard', 'open'], description: '' },
      chase: { type: 'choice', default: 'closest', choices: ['closest', 'adjacent'], description: '' },
      games: { type: 'int', default: 1, min: 1, max: 10, description: '' },
      data: { type: 'string', default: '', description: '' },
    },
  };

  test('a spec is read back into its name and parameters', () => {
    expect(parseSpec('kariba(animals=9,players=3,variant=open)')).toEqual({ name: 'kariba', params: { animals: '9', players: '3', variant: 'open' } });
    expect(parseSpec('kalimambo(heaps=3-9-20,players=4)').params.heaps).toBe('3-9-20');
    expect(parseSpec('kitara')).toEqual({ name: 'kitara', params: {} });
  });

  test('a table is named by its players and the options that differ from the defaults, in words', () => {
    const words = optionWords('kariba');
    expect(tableWords('kariba(animals=8,chase=closest,data=,games=1,players=3,variant=standard)', kariba, words)).toBe('3 players');
    expect(tableWords('kariba(animals=9,data=,games=3,players=5,variant=open)', kariba, words)).toBe('5 players · 9 animals · match of 3 games · open variant');
    // A game this UI has no words for: name and value.
    expect(tableWords('newgame(players=2,size=7)', undefined, {})).toBe('2 players · size 7');
  });

  test('a level is described with the thinking time the server declares', () => {
    const agent = (time?: number): AgentInfo => ({ name: 'x', description: '', params: time === undefined ? {} : { time: { type: 'double', default: time, description: '' } } });
    expect(thinkingTime(agent(0.02))).toBe('0.02 s a move');
    expect(thinkingTime(agent(1))).toBe('1 s a move');
    expect(thinkingTime(agent())).toBeNull();
    expect(thinkingTime(undefined)).toBeNull();
  });

  test('a table no person is at any more leaves the public list', () => {
    const table = (status: TableSummary['status'], connected: boolean[]): TableSummary => ({
      id: 'ab',
      game: 'kariba(players=2)',
      name: 'kariba',
      title: 'Kariba',
      status,
      actions: 3,
      to_act: [0],
      created: 1,
      rematch: null,
      options: { ai_seconds: 1, replace_after: 0, replacement: 'random' },
      seats: connected.map((c, seat) => ({ seat, player: 'human', taken: true, name: 'A', connected: c })),
    });
    expect(isLive(table('waiting', [false, false]))).toBe(true);
    expect(isLive(table('playing', [false, true]))).toBe(true);
    expect(isLive(table('playing', [false, false]))).toBe(false);
  });
});
