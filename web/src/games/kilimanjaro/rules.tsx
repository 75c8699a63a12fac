// Am Fuß des Kilimandscharo in our own words, with drawn examples of a move and the counters.
import { Arrow, Example, Label, MiniCard, Space, type GameRules } from '../../rules/draw.tsx';

const TYPE_FILL: Record<string, string> = { canoe: '#56b4e9', jeep: '#e69f00', machete: '#009e73', mule: '#cc79a7' };

function MoveExample() {
  return (
    <Example w={440} h={120} caption="Your top cards are jeep 4, jeep 3 and mule 6. Two share a type, so the expedition moves their sum, 7 spaces (not the mule's 6).">
      <MiniCard x={10} y={10} big="4" name="jeep" fill={TYPE_FILL.jeep} />
      <MiniCard x={60} y={10} big="3" name="jeep" fill={TYPE_FILL.jeep} />
      <MiniCard x={110} y={10} big="6" name="mule" fill={TYPE_FILL.mule} dim />
      <Label x={85} y={90}>two jeeps: 4 + 3</Label>
      <Arrow x1={165} y1={40} x2={215} y2={40} />
      <Space x={225} y={22} figure="P0" />
      <Arrow x1={262} y1={30} x2={395} y2={30} bend={24} />
      <Space x={400} y={22} />
      <Label x={330} y={80} strong>
        7 spaces
      </Label>
    </Example>
  );
}

function CountersExample() {
  return (
    <Example w={460} h={100} caption="A counter you stop on is flipped face up: a banana moves you again by as much, a lion sends you back to the last village, a change counter swaps you with an expedition you choose.">
      <Space x={10} y={14} mark="B" tone="heap" size={40} />
      <Label x={30} y={74}>banana</Label>
      <Label x={30} y={90}>move again</Label>
      <Space x={130} y={14} mark="L" tone="heap" size={40} />
      <Label x={150} y={74}>lion</Label>
      <Label x={150} y={90}>back to village</Label>
      <Space x={260} y={14} mark="C" tone="heap" size={40} />
      <Label x={280} y={74}>change</Label>
      <Label x={280} y={90}>swap places</Label>
      <Space x={380} y={14} mark="?" size={40} />
      <Label x={400} y={74}>face down</Label>
      <Label x={400} y={90}>nobody knows</Label>
    </Example>
  );
}

export const kilimanjaroRules: GameRules = {
  title: 'Am Fuß des Kilimandscharo',
  goal: 'Lead your expedition up the trail: first to the base camp on space 100 wins, or whoever is furthest when the cards run out.',
  sections: [
    {
      title: 'Before the climb',
      body: (
        <p>
          Everybody gets some face-down chance counters (bananas, lions and change counters) and may look at their own. Taking
          turns, the players lay them on the trail, hidden: not on a village (spaces 20, 40, 60, 80) and never right beside
          another counter. Remember where yours went; the others can only guess.
        </p>
      ),
    },
    {
      title: 'Your three piles',
      body: (
        <p>
          Every expedition has three piles of transport cards in front of it: canoe, jeep, on foot with a machete, or mule,
          each worth 1 to 7. Only the top card of each pile counts. You also hold three cards in hand.
        </p>
      ),
    },
    {
      title: 'Your turn',
      body: (
        <>
          <p>
            Lay one hand card on top of one of your piles, or on a pile of a player who is level with you or ahead (to spoil
            their next move). Then your expedition moves by its three top cards:
          </p>
          <ul>
            <li>all three of one type: the sum of all three;</li>
            <li>two of one type: the sum of those two;</li>
            <li>three different types: the highest single card.</li>
          </ul>
          <MoveExample />
          <p>Then draw one card.</p>
        </>
      ),
    },
    {
      title: 'Counters on the trail',
      body: (
        <>
          <p>
            Only the space where a move stops matters. A hidden counter there is turned over and acts at once; bananas and
            lions stay face up and act again on anyone who stops there later, a change counter is removed after use.
          </p>
          <CountersExample />
          <p>
            In the <code>send_back</code> variant a change counter instead lets you return another expedition to the last
            village it passed.
          </p>
        </>
      ),
    },
    {
      title: 'The end',
      body: (
        <p>
          Reaching space 100 or beyond wins on the spot. If the deck and all hands run out first, the expedition furthest
          along wins; when level, the one whose top cards would carry it furthest.
        </p>
      ),
    },
    {
      title: 'On this board',
      body: (
        <p>
          Pick a card in your hand, then the pile to put it on (or the pile first). To place a counter, click a trail space
          and then the counter kind. Your own hidden counters are drawn dashed with their kind; other players' show only a
          question mark.
        </p>
      ),
    },
  ],
};
