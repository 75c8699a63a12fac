// The positions of Kariba's unit test fixtures (tests/unit/fixtures/find_positions.mjs): the first
// position of each phase in a seeded random game, in the standard and the open variant.
export default ({ phases }) => phases(['kariba(players=3)', 'kariba(players=2,variant=open)']);
