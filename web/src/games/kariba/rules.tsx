// Kariba in our own words, with drawn examples of a chase and of the mouse and the elephant.
import { Arrow, Example, Label, MiniCard, MiniPile, type GameRules } from '../../rules/draw.tsx';

const MEERKAT = '#cbb58a',
  ZEBRA = '#bfa06c',
  MOUSE = '#d9c7a4',
  ELEPHANT = '#3d3226';

function Chase() {
  return (
    <Example w={460} h={150} caption="The waterhole holds one zebra and two meerkats. You add two zebras: three zebras chase the two meerkats, which go to your score pile.">
      <Label x={40} y={14}>at the waterhole</Label>
      <MiniPile x={10} y={22} count={2} big="2" name="meerkat" fill={MEERKAT} />
      <MiniPile x={110} y={22} count={1} big="3" name="zebra" fill={ZEBRA} />
      <Label x={230} y={14}>you play</Label>
      <MiniPile x={200} y={22} count={2} big="3" name="zebra" fill={ZEBRA} />
      <Arrow x1={220} y1={100} x2={130} y2={100} bend={-20} />
      <Label x={175} y={140}>3 zebras now</Label>
      <Label x={390} y={14}>your score pile</Label>
      <MiniPile x={360} y={22} count={2} big="2" name="meerkat" fill={MEERKAT} />
      <Arrow x1={40} y1={20} x2={360} y2={20} bend={14} />
    </Example>
  );
}

function MouseAndElephant() {
  return (
    <Example w={360} h={110} caption="Only mice can chase elephants: a third mouse drives the elephants away. Mice never chase anything else.">
      <MiniPile x={10} y={10} count={3} big="1" name="mouse" fill={MOUSE} />
      <Arrow x1={90} y1={38} x2={200} y2={38} />
      <Label x={145} y={30}>chase</Label>
      <MiniPile x={210} y={10} count={2} big="8" name="elephant" fill={ELEPHANT} />
    </Example>
  );
}

function Refill() {
  return (
    <Example w={360} h={90} caption="After playing, draw from the face-down pile until you hold five cards again.">
      <rect x={10} y={14} width={40} height={56} rx={5} class="rule-card-back" />
      <Label x={30} y={86}>pile</Label>
      <Arrow x1={56} y1={42} x2={120} y2={42} />
      {[0, 1, 2, 3, 4].map((i) => (
        <MiniCard key={i} x={130 + i * 44} y={14} big={String([2, 5, 5, 7, 8][i])} name="" fill={i > 2 ? '#eee' : ZEBRA} dim={i > 2} />
      ))}
      <Label x={240} y={86}>back to five cards</Label>
    </Example>
  );
}

export const karibaRules: GameRules = {
  title: 'Kariba',
  goal: 'Drive animals away from the waterhole and keep their cards: whoever collects the most cards wins.',
  sections: [
    {
      title: 'The cards',
      body: (
        <p>
          Eight animals, each with a strength from 1 (mouse) to 8 (elephant): mouse, meerkat, zebra, giraffe, ostrich,
          cheetah, rhino, elephant. Around the waterhole every animal has its own place. You hold five cards; nobody else
          sees them.
        </p>
      ),
    },
    {
      title: 'Your turn',
      body: (
        <>
          <p>
            Put down one or more cards of one animal at that animal's place. If the place now holds three cards or more,
            the strongest animal below it that is present at the waterhole flees, and you keep all of its cards, face
            down, as your score pile. Places left empty in between do not stop the chase.
          </p>
          <Chase />
          <p>If no weaker animal is there, nothing runs. Adding cards to a place that already holds three chases again.</p>
        </>
      ),
    },
    {
      title: 'The mouse and the elephant',
      body: (
        <>
          <p>The smallest beats the biggest: elephants can only be chased by mice, and mice chase nothing but elephants.</p>
          <MouseAndElephant />
        </>
      ),
    },
    {
      title: 'Drawing and the end',
      body: (
        <>
          <Refill />
          <p>
            When the pile is used up nobody draws any more. The game stops as soon as someone has played their last card.
            Each card in your score pile is one point; most points wins, equal points share the win.
          </p>
        </>
      ),
    },
    {
      title: 'The open variant',
      body: (
        <p>
          With <code>variant=open</code>, the pile has three open cards next to it. Each card you draw comes from the pile or
          from those three; the gaps are filled after your turn. Everybody saw what you took, so those cards stay known
          until you play them.
        </p>
      ),
    },
    {
      title: 'On this board',
      body: (
        <p>
          Click an animal in your hand or at the waterhole, then how many cards to put down. The place of the last play is
          outlined in dashed orange and the animal it chased in red. Your opponents' hand sizes and score piles are listed
          beside the pile.
        </p>
      ),
    },
  ],
};
