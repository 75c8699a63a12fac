// The positions of Am Fuß des Kilimandscharo's unit test fixtures
// (tests/unit/fixtures/find_positions.mjs): the deal, then the first position of each phase in a
// seeded random game, in the standard and the send-back variant.
export default ({ phases }) => [{ spec: 'kilimanjaro(players=2)', seed: 1, actions: [] }, ...phases(['kilimanjaro(players=2)', 'kilimanjaro(players=3,variant=send_back)'])];
