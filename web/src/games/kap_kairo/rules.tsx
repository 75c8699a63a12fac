// Vom Kap bis Kairo in our own words, with drawn examples of an auction and of a build.
import { Arrow, Example, Label, MiniCard, type GameRules } from '../../rules/draw.tsx';

function AuctionExample() {
  return (
    <Example w={460} h={110} caption="Three cards are up. The bids are 30, 12 and 12: everyone pays their bid. 30 chooses first; of the two 12s, the one with less money left chooses next.">
      <MiniCard x={10} y={10} big="3" name="desert" fill="#e69f00" />
      <MiniCard x={56} y={10} big="1" name="river" fill="#56b4e9" />
      <MiniCard x={102} y={10} big="2" name="savanna" fill="#009e73" />
      <Label x={75} y={90}>cards up for sale</Label>
      <Label x={240} y={30} strong>
        P0 bids 30 → 1st
      </Label>
      <Label x={240} y={55}>P1 bids 12, 40 left → 2nd</Label>
      <Label x={240} y={80}>P2 bids 12, 65 left → 3rd</Label>
      <Label x={400} y={55}>all pay</Label>
    </Example>
  );
}

function BuildExample() {
  return (
    <Example w={460} h={120} caption="A savanna needs 6 tracks. The pool shows 3, your unbuilt cards 2: one track is missing, so you pay 10 pounds and build.">
      <MiniCard x={10} y={10} big="6" name="savanna" fill="#009e73" />
      <Label x={30} y={84}>needs 6</Label>
      <Label x={130} y={30}>pool: 3 tracks</Label>
      <Label x={130} y={55}>your row: 2 tracks</Label>
      <Label x={130} y={80}>pay 10 £: 1 track</Label>
      <Arrow x1={210} y1={55} x2={280} y2={55} />
      <Label x={360} y={50} strong>
        built: the locomotive
      </Label>
      <Label x={360} y={70} strong>
        moves on, the card pays
      </Label>
    </Example>
  );
}

export const kapKairoRules: GameRules = {
  title: 'Vom Kap bis Kairo',
  goal: 'Buy a row of landscapes and lay rail across them: the first to complete an eighth landscape wins.',
  sections: [
    {
      title: 'Landscapes and money',
      body: (
        <p>
          Every card is a landscape of one of five terrains. Building across it takes tracks: 6 for a savanna, 7 for villages,
          8 for a desert, 9 for mountains and 10 for a river. A card also shows a few tracks of its own (0 to 3) that help to build other cards, and
          the pounds it pays once built. You start with 100 pounds.
        </p>
      ),
    },
    {
      title: 'Buying land',
      body: (
        <>
          <p>
            As many cards as players are turned up. Everybody writes a secret bid, and every bid is paid, won or not. The
            highest bidder takes a card first, then the next; a tie goes to whoever has less money left. A card you buy
            goes to the end of your row, and you must build your row in that order.
          </p>
          <AuctionExample />
        </>
      ),
    },
    {
      title: 'Building',
      body: (
        <>
          <p>
            The auction's winner turns a card from the pile into the common pool and either builds the next landscape of
            their row or passes to the left; each player who passes adds one more card to the pool for the next. To build,
            count tracks from the pool, from your own cards not yet built, from your bonus tracks, and pay 10 pounds for
            each one still missing. Tracks left over are lost.
          </p>
          <BuildExample />
          <p>
            When someone else builds, each player whose locomotive stands just in front of a river is given a bonus track. When a player has no
            unbuilt card left, a new auction begins.
          </p>
        </>
      ),
    },
    {
      title: 'On this board',
      body: (
        <p>
          Bids are typed or slid in the number field; the cards for sale are clicked. Your row shows the built landscapes
          dimmed and the locomotive after the last one.
        </p>
      ),
    },
  ],
};
