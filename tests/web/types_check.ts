// Compiled (not run) by test_npm_package.py with `tsc --noEmit --strict` against the installed npm package
// (the import becomes 'pokerhash'): the shipped .d.ts must describe real usage.
import PokerHash, {
    CATEGORY_NAMES, EQUITY_GAMES, GAMES, PokerHashError, cardName, type EquityGame, type EquityResult, type Game,
    type GameEquityResult, type HandAnalysis, type HandIndexer, type ParsedRange, type Showdown, type StrengthDistribution, type U64,
    type UTHResult,
} from '../../web/dist/pokerhash.mjs';

async function main(): Promise<void> {
    const ph: PokerHash = await PokerHash.load({ wasmUrl: new URL('https://example.invalid/pokerhash_core.wasm') });
    const value: number = ph.evaluate('As Ks Qs Js Ts');
    const same: number = ph.evaluate(51, 47, 'Qs', 'Js', 35);
    const values: Uint16Array = ph.evaluateBatch(new Uint8Array(70), 7);
    const hand: HandAnalysis = ph.analyze([51, 47, 43, 39, 35]);
    const index: bigint = ph.rankCombination(hand.bestFive, 52, 'lex') + 1n; // the 64-bit rule: always bigint
    const start: U64 = 2n ** 60n;
    const items: number[] = ph.unrankCombination(start, 32, 64, 'colex');
    const rows: Uint8Array = ph.combinations(52, 2, 0, 10);
    const total: bigint = ph.comb(64, 32) + 1n;
    const name: string = cardName(51, { symbols: true }) + CATEGORY_NAMES[ph.category(value)];
    const range: ParsedRange = ph.parseRange('QQ+, AKs:0.5', { dead: 'As' });
    const odds: EquityResult = ph.equity(['AcAd', [47, 46], range], { board: 'Ts 9s 2c', exact: true });
    const sampled: EquityResult = ph.equity(['AhKhQdJd', 'AsAd2c3h'], { dead: ['9c'], samples: 1000, seed: 2n ** 63n });
    const seed: bigint | undefined = sampled.seed;
    const controller = new AbortController();
    const later: EquityResult = await ph.equityAsync(['AsKs', 'random'], {
        stderr: 0.001, signal: controller.signal, onProgress: (done: number, all: number) => console.log(done / all),
    });
    const factor: number = ph.hostFactor() * (await PokerHash.load({ hostFactor: 2 })).hostFactor();
    const strength: StrengthDistribution = await ph.strengthDistributionAsync('AhKh', 'Qh 7h 2c', { signal: controller.signal });
    const mean: number = strength.strengths.reduce((a, b) => a + b, 0) / strength.runouts + factor;
    const uth: UTHResult = ph.ultimateTexasHoldem({ dead: [0, 1, 2], allow3x: false });
    const play: 'raise4' | 'raise3' | 'check' = uth.preflop.AA.action;
    const solved: UTHResult = await ph.ultimateTexasHoldemAsync({ onProgress: (done: number) => console.log(done + mean, play) });
    console.log(solved.houseEdge + uth.preflop.AKs.ev.raise4);
    // every card form the runtime takes: bigint ids, typed arrays of ids, null options, { combos } objects
    const ids: number[] = ph.parseCards([51n, 'Ks', 46]).concat(ph.parseCards(new Int32Array([1, 2])), ph.parseCards(new BigUint64Array([3n])));
    const royal: number = ph.evaluate(51n, 47n, 'Qs', 'Js', 35) + ph.evaluate(new Uint16Array([51, 47, 43, 39, 35]));
    const combos: EquityResult = ph.equity(['AcAd', { combos: [{ cards: [44n, 45], weight: 2n }, { cards: new Uint8Array([40, 41]) }] }],
        { board: null, dead: new Uint16Array([0]) });
    // signals that behave as AbortSignals, and progress callbacks that return something or are async
    const polyfill = { aborted: false, addEventListener(): void {}, removeEventListener(): void {} };
    let seen = 0;
    const timed: EquityResult = await ph.equityAsync(['AsKs', 'random'], {
        samples: 100, signal: AbortSignal.timeout(1000), onProgress: async (done: number) => { seen = done; },
    });
    const polyfilled: GameEquityResult = await ph.gameEquityAsync(['AsAd', 'KsKh'], {
        game: 'shortdeck', samples: 100, signal: polyfill, onProgress: (done: number) => (seen = done),
    });
    console.log(ids, royal, combos.deals, timed.deals, polyfilled.deals, seen);
    const estimate: number = ph.equityEstimate(['random', 'random'], { board: 'Ts 9s 2c' }).seconds;
    const best: number[] = ph.winners(['AsKs', 'QdQh'], 'Ah 7d 2c 9h Tc').concat(ph.winners(['As Ks Qs Js Ts', [0n, 4, 8, 12, 17]], null));
    // integer arguments as the runtime takes them: bigint items, any typed array, bigint quinary digits
    const ranks: bigint = ph.rankCombination([1n, 2, 3n], 52) + ph.rankCombination(new BigUint64Array([1n, 2n]), 64n, 'lex')
        + ph.rankCombination(new Int32Array([4, 5]), 52) + ph.rankCombination(new Float64Array([6, 7]), 52);
    const hash: number = ph.quinaryHash([1n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 1n);
    const why: unknown = new PokerHashError('cannot load', 'argument', { cause: new Error('ENOENT') }).cause;
    console.log(ranks, hash, why);
    const share: number = odds.players[0].equity + (sampled.players[1].stderr ?? 0) + later.players[0].winRate
        + ph.omahaEvaluate('AhKhQdJd', 'Th Ts 9c');
    console.log(share, odds.deals, seed, estimate, best, range.combos[0].cards, odds.players[2].cards ?? 'a range');
    const game: Game = GAMES[1];
    const gamesLoaded: Promise<void> = ph.loadGames({ wasmUrl: 'https://example.invalid/pokerhash_games.wasm' });
    const both: Promise<PokerHash> = PokerHash.load({ games: true });
    const low: number = ph.gameEvaluate('8c 6d 4h 2s Ac Kd Kh', 'ace_five_8') + ph.gameInfo(game).worst;
    const lows: Uint16Array = ph.gameEvaluateBatch(new Uint8Array(35), 5, 'deuce_seven');
    const text: string = ph.gameDescribe(low, 'ace_five_8') + ph.gameAnalyze('As Ks Qs Js Ts 6c', 'shortdeck').categoryName;
    const which: EquityGame = 'omaha_hilo8';
    const hilo: GameEquityResult = ph.gameEquity(['AhAd2c3d', 'KsKhQsJh'], { game: which, board: '9c 4d Tc', exact: true });
    const short: GameEquityResult = await ph.gameEquityAsync(['AsAd', 'KK+, AQs', range], {
        game: 'shortdeck', samples: 10_000, seed: 7n, signal: controller.signal,
    });
    const halves: number = hilo.players[0].highEquity + hilo.players[0].lowEquity + short.players[1].winRate;
    const quick: boolean = ph.gameEquityEstimate(['AsAd', 'KsKh'], { game: 'shortdeck_triton' }).exact;
    console.log(low, lows, text, halves, quick, EQUITY_GAMES[which][2], short.seed, ph.gameOmahaEvaluate('AhAd2c3d', '9c 4d Tc', 'holdem'));
    const board: Showdown = ph.showdown('Ks 7d 2c', { dead: ['As', 51n - 4n] });
    const pairs: Uint8Array = board.holes;
    const counts: number = board.wins[0] + board.ties[0] + board.losses[0] + board.byCategory[29] + board.values[0];
    console.log(pairs, counts, ph.showdown([1, 2, 3, 4n], { dead: null }).values, ph.showdown(new Uint8Array([5, 6, 7])).wins);
    const holdem: HandIndexer = ph.handIndexer([2, 3, 1, 1]);
    const classes: number | bigint = holdem.index('AsKs Qh7c2d') ?? holdem.size(1);
    const streets: Array<number | bigint> = holdem.indexAll([51, 47, 'Qh', 22n, 1]);
    const batch: Float64Array | BigUint64Array = holdem.indexBatch(new Uint8Array(14), { everyRound: true });
    const canon: number[] = holdem.unindex(3, 2428287419n).concat(holdem.canonical('AsKs'));
    console.log(classes, streets, batch, canon, holdem.isCanonical('AcKc'), holdem.unindexBatch(0, [0, 168n]),
        holdem.isCanonicalBatch(new Uint8Array(2), { round: 0 }), holdem.rounds);
    holdem.free();
    try {
        ph.evaluate('Xx');
    } catch (e) {
        if (e instanceof PokerHashError) console.log(e.code, e.message);
    }
    console.log(same, values, index, items, rows, total, name, ph.describe(value), ph.handIndex('As Ks'), ph.version);
}
void main();
