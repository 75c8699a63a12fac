// Kalimambo in our own words, with drawn examples of a jump and of the rhino's run.
import { Arrow, Example, Label, Space, type GameRules } from '../../rules/draw.tsx';

function JumpExample() {
  return (
    <Example w={460} h={110} caption="The rhino R is behind A, B and Kali K, who leads. A plays the highest card: A jumps to the first free space in front of Kali and leads now.">
      <Space x={10} y={30} figure="R" />
      <Space x={50} y={30} figure="A" />
      <Space x={90} y={30} figure="B" />
      <Space x={130} y={30} figure="K" />
      <Space x={170} y={30} />
      <Space x={210} y={30} />
      <Arrow x1={67} y1={28} x2={187} y2={28} bend={36} />
      <Label x={67} y={90}>A plays 9</Label>
      <Label x={187} y={90}>lands here</Label>
      <Label x={350} y={50}>highest card moves first,</Label>
      <Label x={350} y={70}>a 0 never moves</Label>
    </Example>
  );
}

function RhinoExample() {
  return (
    <Example w={460} h={100} caption="A left the space in front of the rhino, so the rhino runs up behind the last figure, B. It ran 2 spaces: B's player takes 2 minus points.">
      <Space x={10} y={20} figure="R" />
      <Space x={50} y={20} />
      <Space x={90} y={20} figure="B" />
      <Arrow x1={27} y1={18} x2={67} y2={18} bend={24} />
      <Label x={60} y={80}>rhino runs 2</Label>
      <Label x={320} y={40} strong>
        B's player: 2 minus points
      </Label>
      <Label x={320} y={64}>a dung heap costs 3</Label>
    </Example>
  );
}

export const kalimamboRules: GameRules = {
  title: 'Kalimambo',
  goal: 'Stay ahead of Mambo the rhino and out of the dung: after twelve rounds the fewest minus points wins.',
  sections: [
    {
      title: 'The figures',
      body: (
        <p>
          Every player has an explorer on a looping track; Kali is one more figure that plays from its own shuffled cards.
          All of them stand in a line in front of Mambo the rhino, and everybody runs the same way round. A few spaces hold
          dung heaps.
        </p>
      ),
    },
    {
      title: 'A round',
      body: (
        <>
          <p>
            Each player secretly picks one of their cards, numbered 0 to 11; each card can be used only once. All picks are
            revealed at once, and Kali reveals the next card of its own pile. Your card says when you move, not how far: the highest card goes
            first. A moving figure jumps to the first free space ahead of whoever leads the line. The leader itself stays
            put, and when cards are equal, only the rearmost of those figures moves.
          </p>
          <JumpExample />
        </>
      ),
    },
    {
      title: 'Minus points',
      body: (
        <>
          <p>
            Whenever the figure right in front of the rhino jumps away, the rhino charges forward until it reaches the
            new tail of the line; the player of that tail figure takes a minus point for every space it ran. Landing on a dung heap costs 3. If
            Kali lands in the dung or gets charged, whoever played the lowest card that round pays instead.
          </p>
          <RhinoExample />
          <p>
            When the line's front reaches the rhino from behind, the jumping figure hops over it and lands on the nearest
            empty space ahead of it, and the rhino runs as usual, so the game always goes on.
          </p>
        </>
      ),
    },
    {
      title: 'On this board',
      body: (
        <p>
          Click one of your cards to choose it; the others only see that you have chosen. The last round's jumps are drawn
          as arrows, and the minus points of every seat are in the table beside the board.
        </p>
      ),
    },
  ],
};
