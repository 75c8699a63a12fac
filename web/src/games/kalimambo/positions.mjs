// The positions of Kalimambo's unit test fixtures (tests/unit/fixtures/find_positions.mjs): the
// first position of each phase in a seeded random game.
export default ({ phases }) => phases(['kalimambo(players=3)']);
