// Kitara in our own words, with the card symbols drawn (the same ones the board uses) and an
// example of an attack.
import { Arrow, Example, Label, type GameRules } from '../../rules/draw.tsx';
import { SymbolLegend } from './symbols.tsx';

function AttackExample() {
  return (
    <Example w={460} h={120} caption="An attack: your group of three (two warriors and a hero) crosses a white border into an area held by two figures. Three is more than two, so the defenders retreat to their nearest area.">
      <ellipse cx={90} cy={55} rx={80} ry={45} class="rule-area" />
      <Label x={90} y={50} strong>
        W W H
      </Label>
      <Label x={90} y={70}>your group</Label>
      <Arrow x1={175} y1={55} x2={275} y2={55} />
      <Label x={225} y={45}>attack</Label>
      <ellipse cx={360} cy={55} rx={80} ry={45} class="rule-area enemy" />
      <Label x={360} y={50} strong>
        W A
      </Label>
      <Label x={360} y={70}>2 defenders retreat</Label>
    </Example>
  );
}

export const kitaraRules: GameRules = {
  title: 'Kitara',
  goal: 'Grow a kingdom around the great lake: take cards, recruit, march and hold land; the most points at the end wins.',
  sections: [
    {
      title: 'Cards and symbols',
      body: (
        <>
          <p>
            Your kingdom is the set of cards you have taken. Their symbols add up: how wide you may choose from the card row,
            how many moves you make, how much you score each turn. Only the card you just took recruits figures.
          </p>
          <SymbolLegend />
        </>
      ),
    },
    {
      title: 'A turn, in five steps',
      body: (
        <ol>
          <li>
            <strong>Take</strong> one card from the row, counting from the deck as far as your take symbols reach.
          </li>
          <li>
            <strong>Recruit</strong> the figures that card shows onto areas you already hold.
          </li>
          <li>
            <strong>Move</strong> groups across white borders, one border per move, as many moves as your move symbols.
            Entering another player's area is an attack: your group must outnumber everything there, and a player's last
            area is safe. A hero in the attack draws a secret hero token.
          </li>
          <li>
            <strong>Score</strong> your prosperity symbols plus 2 for each ruin where you keep a ruler animal.
          </li>
          <li>
            <strong>Feed</strong>: each savanna you hold with a warrior feeds one card. Discard the cards you cannot feed,
            and take back from the map one figure for each figure symbol on them. Cards marked no-feed need no food.
          </li>
        </ol>
      ),
    },
    {
      title: 'Attacks',
      body: <AttackExample />,
    },
    {
      title: 'The end',
      body: (
        <p>
          Once the first age-5 card appears, the round is finished and everybody gets one more turn. Then each card in your
          kingdom adds 2 points and your hero tokens add their values. The highest total wins; if totals are equal, whoever holds more hero tokens wins.
        </p>
      ),
    },
    {
      title: 'On this board',
      body: (
        <p>
          Click a card in the row to take it, then areas on the map to recruit, pick a group and cross a border. While you
          form a group, click the number of warriors, animals and heroes to take along.
        </p>
      ),
    },
  ],
};
