// Compiled (not run) by test_node.py with `tsc --noEmit --strict`: the .d.ts must describe real usage.
import PokerHash, {
    CATEGORY_NAMES, PokerHashError, cardName, type EquityResult, type HandAnalysis, type U64,
} from '../../web/dist/pokerhash.mjs';

async function main(): Promise<void> {
    const ph: PokerHash = await PokerHash.load({ wasmUrl: new URL('https://example.invalid/pokerhash_core.wasm') });
    const value: number = ph.evaluate('As Ks Qs Js Ts');
    const same: number = ph.evaluate(51, 47, 'Qs', 'Js', 35);
    const values: Uint16Array = ph.evaluateBatch(new Uint8Array(70), 7);
    const hand: HandAnalysis = ph.analyze([51, 47, 43, 39, 35]);
    const index: U64 = ph.rankCombination(hand.bestFive, 52, 'lex');
    const items: number[] = ph.unrankCombination(2n ** 60n, 32, 64, 'colex');
    const rows: Uint8Array = ph.combinations(52, 2, 0, 10);
    const name: string = cardName(51, { symbols: true }) + CATEGORY_NAMES[ph.category(value)];
    const odds: EquityResult = ph.equity(['AcAd', [47, 46]], { board: 'Ts 9s 2c', exact: true });
    const sampled: EquityResult = ph.equity(['AhKhQdJd', 'AsAd2c3h'], { dead: ['9c'], samples: 1000, seed: 2n ** 63n });
    const share: number = odds.players[0].equity + (sampled.players[1].stderr ?? 0) + ph.omahaEvaluate('AhKhQdJd', 'Th Ts 9c');
    console.log(share, odds.deals, sampled.seed);
    try {
        ph.evaluate('Xx');
    } catch (e) {
        if (e instanceof PokerHashError) console.log(e.code, e.message);
    }
    console.log(same, values, index, items, rows, name, ph.describe(value), ph.handIndex('As Ks'), ph.version);
}
void main();
