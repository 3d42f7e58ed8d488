/**
 * pokerhash for JavaScript: exact poker hand evaluation (5 to 9 cards) and card combinatorics, running
 * the library's C core compiled to WebAssembly.
 *
 *   import { PokerHash } from './pokerhash.mjs';
 *   const ph = await PokerHash.load();
 *   ph.evaluate('As Ks Qs Js Ts');            // 1 (royal flush); values 1..7462, lower is better
 *   ph.evaluate([51, 47, 43, 39, 35]);        // the same hand as card ids
 *   ph.describe(ph.evaluate('9c 9d 9h 4s 4c')); // 'Nines Full over Fours'
 *   ph.evaluateBatch(cards, 7);               // Uint8Array of n*7 ids -> Uint16Array of n values
 *   ph.equity(['AcAd', 'KsKh']);              // exact all-in equity: players[i].equity, win, tie, lose
 *   ph.omahaEvaluate('AhKhQdJd', 'Th Ts 9c'); // Omaha high: two hole cards and three board cards
 *
 * Card id = 4 * rank + suit: rank 0..12 is 2..A, suit 0..3 is c, d, h, s (2c = 0, As = 51). Card text is
 * rank 2-9 T J Q K A (or 10) then suit c d h s (any case) or a symbol ♣ ♦ ♥ ♠; cards may be separated by
 * spaces, commas or nothing ("AsKs Qd,Jd").
 *
 * Values follow the Cactus Kev / PokerHandEvaluator scale, so they interoperate with other tools.
 * Every bad input throws a PokerHashError (an Error) whose message names the problem and whose `code`
 * is one of 'type', 'parse', 'card', 'duplicate', 'count', 'argument', 'range', 'overflow'.
 *
 * 64-bit quantities (combination indexes, binomials) are returned as a number when they are safe
 * integers (< 2**53) and as a BigInt otherwise; arguments may be either.
 */
import createPokerHashCore from './pokerhash_core.mjs';

export const WORST_VALUE = 7462;
export const DECK_SIZE = 52;

/** Category names by category id: 0 is 'Royal Flush' .. 9 'High Card'. */
export const CATEGORY_NAMES = Object.freeze([
    'Royal Flush', 'Straight Flush', 'Four of a Kind', 'Full House', 'Flush',
    'Straight', 'Three of a Kind', 'Two Pair', 'One Pair', 'High Card',
]);

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const SUIT_SYMBOLS = '♣♦♥♠';
const ORDERS = { colex: 0, lex: 1 };
const STATUS = { CARD: -1, DUPLICATE: -2, COUNT: -3, PARSE: -4, ARGUMENT: -5, RANK: -6, OVERFLOW: -7, BUFFER: -9 };
const U64_LIMIT = 1n << 64n;
const CARDS_TYPE = 'cards must be card names (string), card ids (integer) or an array of them';

// Scratch layout inside the wasm heap: small arguments and results of single calls.
const SCRATCH_BYTES = 1024;
const AT_CARDS = 0;      // up to 64 card ids
const AT_OUT = 64;       // up to 64 result bytes (best five, unranked items, names)
const AT_U64 = 128;      // one uint64 result
const AT_SIZE = 136;     // one size_t result (bad row, error offset)
const AT_TEXT = 256;     // card text, when it fits
const TEXT_CAP = SCRATCH_BYTES - AT_TEXT;
const MAX_CARDS = 64;    // more than a deck, so a wrong count is reported rather than truncated
const BATCH_ROWS = 1 << 18; // rows per call into wasm: bounds the heap a huge batch needs

// Equity. The engine's share unit is 1/2520 pot (a k-way split, k <= 10, is then a whole number).
const EQUITY_UNIT = 2520;
// Monte Carlo runs in batches of this many samples whose tallies are summed in order: the same split and
// order as Python's pokerhash.equity, so a seed gives the same floats there and here.
const MC_BATCH = 1 << 16;
const DEFAULT_SAMPLES = 1_000_000;
// One heap block for an equity call. ph_equity_tally is 656 bytes of 8-byte fields; ph_equity_game on
// wasm32 is nine 4-byte fields (size_t and pointers are 32-bit there).
const TALLY = {
    deals: 0, win: 8, tie: 88, lose: 168, share: 248, weight: 328, weightedShare: 336, sumSq: 416,
    weightedWin: 496, weightedTie: 576,
};
const EQ_TALLY = 0;
const EQ_UNITS = 656;     // one uint64
const EQ_GAME = 664;      // 36 bytes
const EQ_OFFSETS = 704;   // up to 11 size_t
const EQ_HOLDINGS = 752;  // up to 10 x 6 card ids
const EQ_BOARD = 816;     // up to 5
const EQ_DEAD = 824;      // up to 64
const EQ_PROBLEM = 888;   // the check's message
const PROBLEM_CAP = 160;
const EQ_BYTES = EQ_PROBLEM + PROBLEM_CAP;
const CODE_OF_STATUS = { [-1]: 'card', [-2]: 'duplicate', [-3]: 'count', [-5]: 'argument', [-6]: 'range', [-7]: 'overflow' };

/** The one error type of this library; `code` says which kind of input was wrong. */
export class PokerHashError extends Error {
    constructor(message, code) {
        super(message);
        this.name = 'PokerHashError';
        this.code = code;
    }
}

const fail = (message, code) => {
    throw new PokerHashError(message, code);
};

const isNode = typeof process === 'object' && !!process.versions?.node && typeof window === 'undefined';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function show(x) {
    if (typeof x === 'string') return `'${x}'`;
    if (typeof x === 'bigint') return `${x}`;
    if (Array.isArray(x)) return '[…]';
    return String(x);
}

function isInteger(x) {
    return Number.isInteger(x) || typeof x === 'bigint';
}

/** x as a BigInt in 0..2**64-1, or a PokerHashError naming `name`. */
function u64(x, name) {
    if (!isInteger(x) || BigInt(x) < 0n || BigInt(x) >= U64_LIMIT) {
        fail(`${name} must be a non-negative integer below 2**64, got ${show(x)}`, 'argument');
    }
    return BigInt(x);
}

/** A small non-negative integer argument as a number. */
function small(x, name) {
    if (!isInteger(x) || x < 0 || x > 0xffffffff) {
        fail(`${name} must be a non-negative integer, got ${show(x)}`, 'argument');
    }
    return Number(x);
}

/** A uint64 result: a number when exact, else a BigInt. */
function exact(big) {
    return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

function orderId(order) {
    const id = ORDERS[order];
    if (id === undefined || !Object.hasOwn(ORDERS, order)) {
        fail(`order must be 'colex' or 'lex', got ${show(order)}`, 'argument');
    }
    return id;
}

function checkValue(value) {
    if (!Number.isInteger(value) || value < 1 || value > WORST_VALUE) {
        fail(`hand value ${show(value)} outside 1..${WORST_VALUE}`, 'argument');
    }
    return value;
}

function checkNK(n, k) {
    if (!Number.isInteger(n) || n < 0 || n > 64) fail(`n must be 0..64, got ${show(n)}`, 'argument');
    if (!Number.isInteger(k) || k < 0 || k > n) fail(`k must be 0..n, got ${show(k)} for n=${n}`, 'argument');
}

function typeName(x) {
    if (x === null) return 'null';
    if (typeof x === 'object') return x.constructor?.name ?? 'object';
    return typeof x;
}

/** The name of a card id ("As"), or with symbols ("A♠"). Needs no wasm. */
export function cardName(card, { symbols = false } = {}) {
    if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE) {
        fail(`card id ${show(card)} outside 0..51`, 'card');
    }
    return RANKS[card >> 2] + (symbols ? SUIT_SYMBOLS : SUITS)[card & 3];
}

/** A random Monte Carlo seed below 2**63 (what Python picks too), recorded in the result. */
function randomSeed() {
    const words = new Uint32Array(2);
    globalThis.crypto.getRandomValues(words);
    return (BigInt(words[0] & 0x7fffffff) << 32n) | BigInt(words[1]);
}

/** Adds one batch's tally to the running total, field by field in batch order (as Python merges them). */
function addTally(total, part) {
    if (!total) return part;
    total.deals += part.deals;
    total.weight += part.weight;
    for (const key of ['win', 'tie', 'lose', 'share', 'weightedShare', 'sumSq', 'weightedWin', 'weightedTie']) {
        part[key].forEach((v, i) => { total[key][i] += v; });
    }
    return total;
}

/** The result object of equity(): per player, and the whole run. Same arithmetic as Python's EquityResult. */
function equityResult(spot, total, isExact, seed) {
    const n = total.deals;
    const players = spot.hands.map((cards, p) => {
        // Exact: integers to the end, so the equity is correctly rounded (and equal to Python's).
        const equity = isExact ? total.share[p] / (EQUITY_UNIT * n) : total.weightedShare[p] / total.weight;
        const player = {
            hand: cards.map((c) => cardName(c)).join(''), cards, equity,
            win: total.win[p], tie: total.tie[p], lose: total.lose[p],
        };
        if (!isExact) { // the standard error of the mean share, unbiased: as Python's EquityResult.stderr
            const mean = total.weightedShare[p] / total.weight;
            player.stderr = n < 2 ? null : Math.sqrt(Math.max(0, total.sumSq[p] / n - mean * mean) / (n - 1));
        }
        return player;
    });
    const result = { exact: isExact, deals: n, players, board: spot.board, dead: spot.dead };
    if (!isExact) result.seed = exact(seed);
    return result;
}

export class PokerHash {
    /**
     * Instantiates the WebAssembly core. Options: `wasmUrl` (where pokerhash_core.wasm is, by default
     * next to this file) or `wasmBinary` (its bytes, e.g. when bundling).
     * @returns {Promise<PokerHash>}
     */
    static async load({ wasmUrl, wasmBinary } = {}) {
        const url = String(wasmUrl ?? new URL('./pokerhash_core.wasm', import.meta.url));
        const options = { locateFile: () => url };
        if (wasmBinary) {
            options.wasmBinary = wasmBinary;
        } else if (isNode && url.startsWith('file:')) {
            // emcc 3.1.6's node glue is not ES-module safe, so node gets the bytes handed over.
            const { readFile } = await import('node:fs/promises');
            options.wasmBinary = await readFile(new URL(url));
        }
        return new PokerHash(await createPokerHashCore(options));
    }

    /** Use PokerHash.load(). */
    constructor(core) {
        this._core = core;
        this._scratch = core._malloc(SCRATCH_BYTES);
        this._batch = 0;
        this._batchBytes = 0;
        this.version = this._string(core._ph_version());
    }

    // ---- memory helpers ---------------------------------------------------------------------------

    /** The heap views are re-read on each use: any malloc may grow (and so replace) the wasm memory. */
    get _u8() {
        return this._core.HEAPU8;
    }

    _string(ptr) {
        const heap = this._u8;
        let end = ptr;
        while (heap[end]) end++;
        return decoder.decode(heap.subarray(ptr, end));
    }

    _sizeAt(offset) {
        return this._core.HEAPU32[(this._scratch + offset) >> 2];
    }

    /** A heap block of at least `bytes`, reused across calls. */
    _batchBuffer(bytes) {
        if (bytes > this._batchBytes) {
            if (this._batch) this._core._free(this._batch);
            this._batchBytes = Math.max(bytes, 4096);
            this._batch = this._core._malloc(this._batchBytes);
            if (!this._batch) {
                this._batchBytes = 0;
                fail(`cannot allocate ${bytes} bytes of wasm memory`, 'argument');
            }
        }
        return this._batch;
    }

    // ---- cards ------------------------------------------------------------------------------------

    /** Parses card text into the scratch card area after `count` cards; returns the new count. */
    _parseText(text, count) {
        const bytes = encoder.encode(text);
        let at = this._scratch + AT_TEXT;
        let temp = 0;
        if (bytes.length > TEXT_CAP) at = temp = this._core._malloc(bytes.length);
        try {
            this._u8.set(bytes, at);
            const parsed = this._core._ph_cards_parse(at, bytes.length, this._scratch + AT_CARDS + count,
                MAX_CARDS - count, this._scratch + AT_SIZE);
            if (parsed === STATUS.PARSE) {
                const offset = this._sizeAt(AT_SIZE);
                let end = offset;
                while (end < bytes.length && !' ,\t\n\r;'.includes(String.fromCharCode(bytes[end]))) end++;
                fail(`unknown card '${decoder.decode(bytes.subarray(offset, end))}'`, 'parse');
            }
            if (parsed < 0) fail(`more than ${MAX_CARDS} cards`, 'count');
            return count + parsed;
        } finally {
            if (temp) this._core._free(temp);
        }
    }

    /**
     * Writes the cards of `cards` (text, or an array of ids and/or texts) to the scratch area, rejecting
     * unknown text, ids outside 0..51 and duplicates. Returns how many there are.
     */
    _collect(cards) {
        let count = 0;
        if (typeof cards === 'string') {
            count = this._parseText(cards, 0);
        } else if (Array.isArray(cards) || ArrayBuffer.isView(cards)) {
            const heap = this._u8;
            const base = this._scratch + AT_CARDS;
            for (let i = 0; i < cards.length; i++) {
                const card = cards[i];
                if (typeof card === 'number') {
                    if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE) {
                        fail(`card id ${card} outside 0..51`, 'card');
                    }
                    if (count === MAX_CARDS) fail(`more than ${MAX_CARDS} cards`, 'count');
                    heap[base + count++] = card;
                } else if (typeof card === 'string') {
                    count = this._parseText(card, count);
                } else {
                    fail(CARDS_TYPE, 'type');
                }
            }
        } else {
            fail(CARDS_TYPE, 'type');
        }
        this._checkDuplicates(count);
        return count;
    }

    _checkDuplicates(count) {
        const heap = this._u8;
        const base = this._scratch + AT_CARDS;
        let low = 0; // cards 0..31 and 32..51 as two 32-bit masks
        let high = 0;
        for (let i = 0; i < count; i++) {
            const card = heap[base + i];
            const bit = 1 << (card & 31);
            const mask = card < 32 ? low : high;
            if (mask & bit) fail(`duplicate card ${cardName(card)}`, 'duplicate');
            if (card < 32) low |= bit;
            else high |= bit;
        }
    }

    _collectHand(cards) {
        const count = this._collect(cards);
        if (count < 5 || count > 9) fail(`a hand needs 5 to 9 cards, got ${count}`, 'count');
        return count;
    }

    _cardsAt(offset, count) {
        return Array.from(this._u8.subarray(this._scratch + offset, this._scratch + offset + count));
    }

    /** Card ids of text ("As Ks", "AsKs", "A♠,K♠") or an array of ids and/or names; 0..52 cards, no duplicates. */
    parseCards(cards) {
        return this._cardsAt(AT_CARDS, this._collect(cards));
    }

    /** The two-character name of a card id ("As"), or "A♠" with { symbols: true }. */
    cardName(card, options) {
        return cardName(card, options);
    }

    // ---- evaluation -------------------------------------------------------------------------------

    /**
     * Value 1..7462 (lower is better) of the best five of 5 to 9 cards, given as text ("As Ks Qs Js Ts"),
     * an array of ids or names, or the cards as separate arguments.
     */
    evaluate(...cards) {
        const count = this._collectHand(cards.length === 1 ? cards[0] : cards);
        return this._core._ph_evaluate(this._scratch + AT_CARDS, count);
    }

    /**
     * Values of n hands of k cards (k = 5..9) stored row after row in a Uint8Array of n*k card ids.
     * Writes into `out` (a Uint16Array of n) when given; returns the values.
     */
    evaluateBatch(cards, k, out) {
        if (!(cards instanceof Uint8Array)) fail(`cards must be a Uint8Array, got ${typeName(cards)}`, 'type');
        if (!Number.isInteger(k) || k < 5 || k > 9) fail(`k must be 5 to 9, got ${show(k)}`, 'count');
        if (cards.length % k) fail(`cards hold ${cards.length} bytes, not a multiple of k=${k}`, 'argument');
        const n = cards.length / k;
        if (out === undefined) out = new Uint16Array(n);
        else if (!(out instanceof Uint16Array) || out.length !== n) {
            fail(`out must be a Uint16Array of ${n} values, got ${typeName(out)}`, 'type');
        }
        const rows = Math.min(n, BATCH_ROWS);
        const input = this._batchBuffer(rows * k + rows * 2 + 8);
        const output = (input + rows * k + 1) & ~1;
        for (let first = 0; first < n; first += rows) {
            const m = Math.min(rows, n - first);
            this._u8.set(cards.subarray(first * k, (first + m) * k), input);
            const status = this._core._ph_evaluate_batch(input, m, k, output, this._scratch + AT_SIZE);
            if (status !== 0) {
                const row = first + this._sizeAt(AT_SIZE);
                if (status === STATUS.DUPLICATE) fail(`row ${row}: duplicate card`, 'duplicate');
                fail(`row ${row}: card id outside 0..51`, 'card');
            }
            out.set(this._core.HEAPU16.subarray(output >> 1, (output >> 1) + m), first);
        }
        return out;
    }

    /** Category id 0..9 of a value (0 = royal flush .. 9 = high card); CATEGORY_NAMES names it. */
    category(value) {
        return this._core._ph_category_of(checkValue(value));
    }

    /** The English name of a value's category ("Full House"). */
    categoryName(value) {
        return CATEGORY_NAMES[this.category(value)];
    }

    /** A description of a value: "Nines Full over Fours", "Ace-High Flush", "Pair of Jacks". */
    describe(value) {
        checkValue(value);
        const at = this._scratch + AT_OUT;
        this._core._ph_describe(value, at, 64);
        return this._string(at);
    }

    /** Ranks 0..12 (2..A) of the five cards behind a value, in order of importance. */
    valueRanks(value) {
        checkValue(value);
        this._core._ph_value_ranks(value, this._scratch + AT_OUT);
        return this._cardsAt(AT_OUT, 5);
    }

    /** The five card ids that make the hand's value, in order of importance. */
    bestFive(...cards) {
        return this.analyze(...cards).bestFive;
    }

    /** Everything about one hand: value, category, description and its best five cards. */
    analyze(...cards) {
        const count = this._collectHand(cards.length === 1 ? cards[0] : cards);
        const value = this._core._ph_best_five(this._scratch + AT_CARDS, count, this._scratch + AT_OUT);
        const bestFive = this._cardsAt(AT_OUT, 5);
        const category = this._core._ph_category_of(value);
        return { value, category, categoryName: CATEGORY_NAMES[category], description: this.describe(value), bestFive };
    }

    /**
     * How many of the k-card hands (k = 5..9) with 52-choose-k colex ranks start..start+count-1 have each
     * value: a Float64Array indexed by value (slot 0 unused). Default: all C(52, k) hands.
     */
    valueHistogram(k, start = 0, count) {
        if (!Number.isInteger(k) || k < 5 || k > 9) fail(`k must be 5 to 9, got ${show(k)}`, 'count');
        const [first, size] = this._range(52, k, start, count);
        const at = this._batchBuffer((WORST_VALUE + 1) * 8);
        this._u8.fill(0, at, at + (WORST_VALUE + 1) * 8);
        this._core._ph_value_histogram(k, first, size, at);
        return Float64Array.from(new BigUint64Array(this._u8.buffer, at, WORST_VALUE + 1), Number);
    }

    /** The lexicographic index of a 13-digit quinary (rank counts 0..4 summing to k <= 9). */
    quinaryHash(q, k) {
        const ok = Array.isArray(q) && q.length === 13 && q.every((d) => Number.isInteger(d) && d >= 0 && d <= 4) &&
            Number.isInteger(k) && k >= 0 && k <= 9;
        const hash = ok ? (this._u8.set(q, this._scratch + AT_OUT), this._core._ph_quinary_hash(this._scratch + AT_OUT, k)) : -1;
        if (hash < 0) fail('q must be 13 digits 0..4 summing to k (0..9)', 'argument');
        return hash;
    }

    /**
     * Colex rank among C(52, len) of a hand of 1 to 7 cards, by the 16-bit-block DP hash:
     * 0..133,784,559 for seven cards; equal to rankCombination(cards, 52).
     */
    handIndex(cards) {
        const count = this._collect(cards);
        if (count < 1 || count > 7) fail(`hand_index takes 1 to 7 cards, got ${count}`, 'count');
        let mask = 0n;
        for (const card of this._cardsAt(AT_CARDS, count)) mask |= 1n << BigInt(card);
        const index = this._core._ph_hand_index(mask);
        if (index < 0n) fail(`hand_index failed: ${this._string(this._core._ph_error_message(Number(index)))}`, 'argument');
        return Number(index);
    }

    // ---- Omaha and equity -------------------------------------------------------------------------

    /**
     * Omaha high value (1..7462) of exactly two of 4 to 6 hole cards and three of 3 to 5 board cards.
     */
    omahaEvaluate(hole, board) {
        const holeCards = this.parseCards(hole);
        const boardCards = this.parseCards(board);
        if (holeCards.length < 4 || holeCards.length > 6) fail(`an Omaha hole needs 4 to 6 cards, got ${holeCards.length}`, 'count');
        if (boardCards.length < 3 || boardCards.length > 5) fail(`an Omaha board needs 3 to 5 cards, got ${boardCards.length}`, 'count');
        const shared = holeCards.find((card) => boardCards.includes(card));
        if (shared !== undefined) fail(`duplicate card ${cardName(shared)}`, 'duplicate');
        const at = this._scratch + AT_OUT;
        this._u8.set(holeCards, at);
        this._u8.set(boardCards, at + 8);
        const value = this._core._ph_omaha_evaluate(at, holeCards.length, at + 8, boardCards.length);
        if (value < 0) this._statusError(value);
        return value;
    }

    _statusError(status, message) {
        fail(message ?? this._string(this._core._ph_error_message(status)), CODE_OF_STATUS[status] ?? 'argument');
    }

    /**
     * All-in equity of 2 to 10 known hands: hold'em (2 cards each) or Omaha (4 to 6 each).
     * Options: board (0, 3, 4 or 5 cards), dead (cards out of the deck), exact (enumerate every board;
     * the default unless `samples` is given), samples (Monte Carlo sample count, default 1,000,000) and
     * seed (Monte Carlo seed below 2**64, random when omitted; the same seed gives the same result as
     * Python's pokerhash.equity). Ranges are the Python package's (pokerhash.parse_range).
     */
    equity(players, { board, dead, exact, samples, seed } = {}) {
        const spot = this._equitySpot(players, board ?? [], dead ?? []);
        const runExact = exact ?? samples === undefined;
        if (typeof runExact !== 'boolean') fail(`exact must be true or false, got ${show(exact)}`, 'type');
        const block = this._equityGame(spot);
        let total;
        let seedUsed;
        if (runExact) {
            const at = block + EQ_UNITS;
            let status = this._core._ph_equity_exact_units(block + EQ_GAME, at);
            if (status !== 0) this._statusError(status);
            this._u8.fill(0, block + EQ_TALLY, block + EQ_UNITS);
            status = this._core._ph_equity_exact(block + EQ_GAME, 0n, this._core.HEAPU64[at >> 3], block + EQ_TALLY);
            if (status !== 0) this._statusError(status);
            total = this._tally(block, spot.hands.length);
        } else {
            const count = samples ?? DEFAULT_SAMPLES;
            if (!Number.isSafeInteger(count) || count < 1) fail(`samples must be a positive integer, got ${show(samples)}`, 'argument');
            seedUsed = seed === undefined ? randomSeed() : u64(seed, 'seed');
            for (let first = 0; first < count; first += MC_BATCH) {
                this._u8.fill(0, block + EQ_TALLY, block + EQ_UNITS);
                const status = this._core._ph_equity_sample(block + EQ_GAME, seedUsed, BigInt(first),
                    BigInt(Math.min(MC_BATCH, count - first)), block + EQ_TALLY);
                if (status === STATUS.ARGUMENT) fail('could not deal holdings without shared cards (1,000,000 tries)', 'argument');
                if (status !== 0) this._statusError(status);
                total = addTally(total, this._tally(block, spot.hands.length));
            }
        }
        return equityResult(spot, total, runExact, seedUsed);
    }

    /** Parsed, checked hands, board and dead cards, with the same messages as Python's pokerhash.equity. */
    _equitySpot(players, board, dead) {
        if (!Array.isArray(players)) fail('players must be an array of hands, one per player', 'type');
        if (players.length < 2 || players.length > 10) fail(`equity needs 2 to 10 players, got ${players.length}`, 'count');
        const boardCards = this.parseCards(board);
        const deadCards = this.parseCards(dead);
        if (![0, 3, 4, 5].includes(boardCards.length)) fail(`the board must have 0, 3, 4 or 5 cards, got ${boardCards.length}`, 'count');
        const owner = new Map(boardCards.map((card) => [card, 'the board']));
        for (const card of deadCards) {
            if (owner.has(card)) fail(`card ${cardName(card)} is both on the board and dead`, 'duplicate');
            owner.set(card, 'the dead cards');
        }
        const hands = players.map((hand, i) => {
            let cards;
            try {
                cards = this.parseCards(hand);
            } catch (e) {
                throw e instanceof PokerHashError ? new PokerHashError(`player ${i + 1}: ${e.message}`, e.code) : e;
            }
            if (cards.length !== 2 && (cards.length < 4 || cards.length > 6)) {
                fail(`player ${i + 1}'s hand has ${cards.length} cards; hold'em hands have 2, Omaha hands 4 to 6`, 'count');
            }
            return cards;
        });
        const sizes = [...new Set(hands.map((h) => h.length))].sort((a, b) => a - b);
        if (sizes.length > 1) {
            fail(`all players must hold the same number of cards (2 for hold'em, 4 to 6 for Omaha), got ${sizes.join(' and ')}`, 'count');
        }
        hands.forEach((cards, i) => {
            for (const card of cards) {
                if (owner.has(card)) fail(`card ${cardName(card)} is in player ${i + 1}'s hand and ${owner.get(card)}`, 'duplicate');
                owner.set(card, `player ${i + 1}'s hand`);
            }
        });
        const needed = hands.length * sizes[0] + 5 + deadCards.length;
        if (needed > DECK_SIZE) {
            fail(`not enough cards: ${hands.length} players with ${sizes[0]} cards each, a board of 5 and ` +
                `${deadCards.length} dead cards need ${needed} > 52`, 'count');
        }
        return { hands, board: boardCards, dead: deadCards };
    }

    /** Writes the spot as a ph_equity_game (one holding per player) into the equity block; checks it. */
    _equityGame({ hands, board, dead }) {
        if (!this._equityBlock) {
            this._equityBlock = this._core._malloc(EQ_BYTES); // malloc aligns to 8 at least: the tally's uint64s
            if (!this._equityBlock) fail(`cannot allocate ${EQ_BYTES} bytes of wasm memory`, 'argument');
        }
        const block = this._equityBlock;
        const hole = hands[0].length;
        hands.forEach((cards, p) => this._u8.set(cards, block + EQ_HOLDINGS + p * hole));
        this._u8.set(board, block + EQ_BOARD);
        this._u8.set(dead, block + EQ_DEAD);
        const u32 = this._core.HEAPU32;
        hands.forEach((_, p) => { u32[((block + EQ_OFFSETS) >> 2) + p] = p; });
        u32[((block + EQ_OFFSETS) >> 2) + hands.length] = hands.length;
        u32.set([hands.length, hole, block + EQ_HOLDINGS, block + EQ_OFFSETS, 0, block + EQ_BOARD, board.length,
            block + EQ_DEAD, dead.length], (block + EQ_GAME) >> 2);
        const status = this._core._ph_equity_check(block + EQ_GAME, block + EQ_PROBLEM, PROBLEM_CAP);
        if (status !== 0) this._statusError(status, this._string(block + EQ_PROBLEM));
        return block;
    }

    /** The tally in the equity block, as plain numbers (counts stay below 2**53). */
    _tally(block, players) {
        const u64 = this._core.HEAPU64;
        const f64 = this._core.HEAPF64;
        const at = (block + EQ_TALLY) >> 3;
        const ints = (field) => Array.from(u64.subarray(at + field / 8, at + field / 8 + players), Number);
        const floats = (field) => Array.from(f64.subarray(at + field / 8, at + field / 8 + players));
        return {
            deals: Number(u64[at]), win: ints(TALLY.win), tie: ints(TALLY.tie), lose: ints(TALLY.lose),
            share: ints(TALLY.share), weight: f64[at + TALLY.weight / 8],
            weightedShare: floats(TALLY.weightedShare), sumSq: floats(TALLY.sumSq),
            weightedWin: floats(TALLY.weightedWin), weightedTie: floats(TALLY.weightedTie),
        };
    }

    // ---- combinatorics ----------------------------------------------------------------------------

    /** Exact C(n, k) (0 when k > n): a number below 2**53, else a BigInt. */
    comb(n, k) {
        const nn = small(n, 'n');
        const kk = small(k, 'k');
        const at = this._scratch + AT_U64;
        if (this._core._ph_binomial(BigInt(nn), BigInt(kk), at) !== 0) fail(`C(${nn},${kk}) does not fit in 64 bits`, 'overflow');
        return exact(this._core.HEAPU64[at >> 3]);
    }

    _total(n, k) {
        this._core._ph_binomial(BigInt(n), BigInt(k), this._scratch + AT_U64);
        return this._core.HEAPU64[(this._scratch + AT_U64) >> 3];
    }

    /** Checked [start, count] of a colex range of k-subsets of n; count defaults to the rest. */
    _range(n, k, start, count) {
        checkNK(n, k);
        const total = this._total(n, k);
        const first = u64(start, 'start');
        const size = count === undefined ? (first <= total ? total - first : 0n) : u64(count, 'count');
        if (first > total || size > total - first) {
            fail(`range ${first}..${first + size} outside 0..C(${n},${k}) = ${total}`, 'range');
        }
        return [first, size];
    }

    /** Rank 0..C(n,k)-1 of the k-subset `items` of 0..n-1 (n <= 64) in 'colex' or 'lex' order. */
    rankCombination(items, n, order = 'colex') {
        const orderCode = orderId(order);
        if (!Array.isArray(items) && !ArrayBuffer.isView(items)) fail('items must be an array of integers', 'type');
        checkNK(n, items.length);
        const at = this._scratch + AT_OUT;
        let low = 0;
        let high = 0;
        for (let i = 0; i < items.length; i++) {
            const item = items[i];
            if (!Number.isInteger(item)) fail('items must be an array of integers', 'type');
            if (item < 0 || item >= n) fail(`item ${item} outside 0..n-1 for n=${n}`, 'card');
            const bit = 1 << (item & 31);
            if ((item < 32 ? low : high) & bit) fail(`duplicate item ${item}`, 'duplicate');
            if (item < 32) low |= bit;
            else high |= bit;
            this._u8[at + i] = item;
        }
        this._core._ph_combination_rank(at, items.length, n, orderCode, this._scratch + AT_U64);
        return exact(this._core.HEAPU64[(this._scratch + AT_U64) >> 3]);
    }

    /** The k-subset of 0..n-1 at `index` (number or BigInt) in 'colex' or 'lex' order, ascending. */
    unrankCombination(index, k, n, order = 'colex') {
        const rank = u64(index, 'index');
        const orderCode = orderId(order);
        checkNK(n, k);
        if (this._core._ph_combination_unrank(rank, k, n, orderCode, this._scratch + AT_OUT) !== 0) {
            fail(`index ${rank} outside 0..C(${n},${k})-1 = 0..${this._total(n, k) - 1n}`, 'range');
        }
        return this._cardsAt(AT_OUT, k);
    }

    /**
     * The k-subsets of 0..n-1 with colex ranks start..start+count-1 (count defaults to the rest), as a
     * Uint8Array of count rows of k ascending items.
     */
    combinations(n, k, start = 0, count) {
        const [first, size] = this._range(n, k, start, count);
        if (size * BigInt(Math.max(k, 1)) > 1n << 30n) fail(`${size} rows of ${k} do not fit in one array`, 'argument');
        const rows = Number(size);
        const out = new Uint8Array(rows * k);
        const chunk = k ? Math.max(1, Math.floor(BATCH_ROWS * 4 / k)) : rows || 1;
        const at = this._batchBuffer(Math.min(rows || 1, chunk) * Math.max(k, 1));
        for (let done = 0; done < rows; done += chunk) {
            const m = Math.min(chunk, rows - done);
            this._core._ph_combinations(n, k, first + BigInt(done), m, at);
            out.set(this._u8.subarray(at, at + m * k), done * k);
        }
        return out;
    }

    /** As combinations(), each subset as a bit mask (bit i for item i) in a BigUint64Array; k >= 1. */
    combinationMasks(n, k, start = 0, count) {
        const [first, size] = this._range(n, k, start, count);
        if (k === 0 && size > 0n) fail('k must be 1..n for masks, got 0', 'argument');
        if (size > 1n << 27n) fail(`${size} masks do not fit in one array`, 'argument');
        const rows = Number(size);
        const out = new BigUint64Array(rows);
        const at = this._batchBuffer(Math.min(rows || 1, BATCH_ROWS) * 8);
        for (let done = 0; done < rows; done += BATCH_ROWS) {
            const m = Math.min(BATCH_ROWS, rows - done);
            this._core._ph_combination_masks(n, k, first + BigInt(done), m, at);
            out.set(this._core.HEAPU64.subarray(at >> 3, (at >> 3) + m), done);
        }
        return out;
    }
}

// ---- other games: short deck, lowball, hi-lo (docs/games.md) ------------------------------------------
// The same rules, scales and messages as Python's pokerhash.games: every rule lives in the C core.

/** Game names in C id order (ph_game_name): each has its own value scale, 1 = best. */
export const GAMES = Object.freeze(['holdem', 'shortdeck', 'shortdeck_triton', 'ace_five', 'ace_five_8', 'deuce_seven']);
/** Equity games: [high game, low game or null, hole sizes]. */
export const EQUITY_GAMES = Object.freeze({
    shortdeck: ['shortdeck', null, [2]],
    shortdeck_triton: ['shortdeck_triton', null, [2]],
    omaha_hilo8: ['holdem', 'ace_five_8', [4, 5, 6]],
});
const GAME_POT = 5040; // share units: half a pot splits 1..10 ways into whole units
const GAME_MC_BATCH = 1 << 14; // Python's batch, so a seed gives the same floats in both
const GAME_AUTO_EXACT_SECONDS = 2;
const GAME_REFUSE_EXACT_SECONDS = 60;
// ph_game_tally: ph_equity_tally's fields, then high_share[10], weighted_high_share[10], low_deals.
const GAME_TALLY = { ...TALLY, highShare: 656, weightedHighShare: 736, lowDeals: 816 };
const GB_TALLY = 0;
const GB_UNITS = 824;     // one uint64 (or double: the cost estimate)
const GB_GAME = 832;      // ph_equity_game, 36 bytes on wasm32
const GB_OFFSETS = 872;   // up to 11 size_t
const GB_HOLDINGS = 920;  // up to 10 x 6 card ids
const GB_BOARD = 984;
const GB_DEAD = 992;      // up to 64
const GB_PROBLEM = 1056;
const GB_BYTES = GB_PROBLEM + PROBLEM_CAP;

function gameId(game) {
    const id = GAMES.indexOf(game) + 1;
    if (!id) fail(`unknown game ${show(game)}; games: ${GAMES.join(', ')}`, 'argument');
    return id;
}

function duration(seconds) {
    for (const [unit, size] of [['days', 86400], ['hours', 3600], ['minutes', 60]]) {
        if (seconds >= 2 * size) return `${(seconds / size).toFixed(0)} ${unit}`;
    }
    return `${seconds.toFixed(0)} seconds`;
}

const gameMethods = {
    /** A game's scale: { name, worst, noLow (the "no low" value or null), deck (card ids), categories }. */
    gameInfo(game) {
        const id = gameId(game);
        const core = this._core;
        const categories = [];
        for (let i = 0; i < core._ph_game_category_count(id); i++) categories.push(this._string(core._ph_game_category_name(id, i)));
        const mask = core._ph_game_deck(id);
        const deck = [];
        for (let c = 0; c < DECK_SIZE; c++) if ((mask >> BigInt(c)) & 1n) deck.push(c);
        return { name: game, worst: core._ph_game_worst(id), noLow: core._ph_game_no_low(id) || null, deck, categories };
    },

    /** Cards collected into scratch and checked against the game's deck; returns their count. */
    _gameCards(id, cards) {
        const count = this._collect(cards);
        const problem = this._scratch + AT_TEXT;
        if (this._core._ph_game_check_cards(id, this._scratch + AT_CARDS, count, problem, TEXT_CAP) !== 0) {
            fail(this._string(problem), 'card');
        }
        return count;
    },

    /** Value (1 = best) of the best five of 5 to 9 cards on the game's scale. */
    gameEvaluate(cards, game) {
        const id = gameId(game);
        const count = this._gameCards(id, cards);
        if (count < 5 || count > 9) fail(`a hand needs 5 to 9 cards, got ${count}`, 'count');
        return this._core._ph_game_evaluate(id, this._scratch + AT_CARDS, count);
    },

    /** Values of n hands of k cards (a Uint8Array of n*k ids) on the game's scale, into `out` when given. */
    gameEvaluateBatch(cards, k, game, out) {
        const id = gameId(game);
        if (!(cards instanceof Uint8Array)) fail(`cards must be a Uint8Array, got ${typeName(cards)}`, 'type');
        if (!Number.isInteger(k) || k < 5 || k > 9) fail(`k must be 5 to 9, got ${show(k)}`, 'count');
        if (cards.length % k) fail(`cards hold ${cards.length} bytes, not a multiple of k=${k}`, 'argument');
        const n = cards.length / k;
        if (out === undefined) out = new Uint16Array(n);
        else if (!(out instanceof Uint16Array) || out.length !== n) fail(`out must be a Uint16Array of ${n} values, got ${typeName(out)}`, 'type');
        const rows = Math.min(n, BATCH_ROWS);
        const input = this._batchBuffer(rows * k + rows * 2 + 8);
        const output = (input + rows * k + 1) & ~1;
        for (let first = 0; first < n; first += rows) {
            const m = Math.min(rows, n - first);
            this._u8.set(cards.subarray(first * k, (first + m) * k), input);
            const status = this._core._ph_game_evaluate_batch(id, input, m, k, output, this._scratch + AT_SIZE);
            if (status !== 0) {
                const bad = this._sizeAt(AT_SIZE);
                const row = first + bad;
                if (status === STATUS.DUPLICATE) fail(`row ${row}: duplicate card`, 'duplicate');
                const problem = this._scratch + AT_TEXT;
                this._core._ph_game_check_cards(id, input + bad * k, k, problem, TEXT_CAP);
                const text = this._string(problem);
                fail(text.startsWith('card id') ? `row ${row}: card id outside 0..51` : `row ${row}: ${text}`, 'card');
            }
            out.set(this._core.HEAPU16.subarray(output >> 1, (output >> 1) + m), first);
        }
        return out;
    },

    /** Value of exactly two of the 4 to 6 hole cards and three of the 3 to 5 board cards, on the game's scale. */
    gameOmahaEvaluate(hole, board, game) {
        const id = gameId(game);
        const holeCards = this._cardsAt(AT_CARDS, this._gameCards(id, hole));
        const boardCards = this._cardsAt(AT_CARDS, this._gameCards(id, board));
        if (holeCards.length < 4 || holeCards.length > 6) fail(`an Omaha hole needs 4 to 6 cards, got ${holeCards.length}`, 'count');
        if (boardCards.length < 3 || boardCards.length > 5) fail(`an Omaha board needs 3 to 5 cards, got ${boardCards.length}`, 'count');
        const shared = holeCards.find((card) => boardCards.includes(card));
        if (shared !== undefined) fail(`duplicate card ${cardName(shared)}`, 'duplicate');
        const at = this._scratch + AT_OUT;
        this._u8.set(holeCards, at);
        this._u8.set(boardCards, at + 8);
        const value = this._core._ph_game_omaha_evaluate(id, at, holeCards.length, at + 8, boardCards.length);
        if (value < 0) this._statusError(value);
        return value;
    },

    _gameValue(id, value) {
        const worst = this._core._ph_game_worst(id);
        if (!Number.isInteger(value) || value < 1 || value > worst) fail(`hand value ${show(value)} outside 1..${worst}`, 'argument');
        return value;
    },

    /** Category index (0 = the game's best category) of a value. */
    gameCategory(value, game) {
        const id = gameId(game);
        return this._core._ph_game_category(id, this._gameValue(id, value));
    },

    /** The name of a value's category: "Flush", "Eight Low", "No Low". */
    gameCategoryName(value, game) {
        const id = gameId(game);
        return this._string(this._core._ph_game_category_name(id, this.gameCategory(value, game)));
    },

    /** "Flush: A-Q-9-8-7", "Eight Low: 8-6-4-2-A", "No Low" (hold'em: describe()'s text). */
    gameDescribe(value, game) {
        const id = gameId(game);
        const at = this._scratch + AT_OUT;
        this._core._ph_game_describe(id, this._gameValue(id, value), at, 64);
        return this._string(at);
    },

    /** Value, category, description and best five cards (none for "no low") of one hand in a game. */
    gameAnalyze(cards, game) {
        const id = gameId(game);
        const count = this._gameCards(id, cards);
        if (count < 5 || count > 9) fail(`a hand needs 5 to 9 cards, got ${count}`, 'count');
        const value = this._core._ph_game_best_five(id, this._scratch + AT_CARDS, count, this._scratch + AT_OUT);
        const bestFive = value === this._core._ph_game_no_low(id) ? [] : this._cardsAt(AT_OUT, 5);
        const category = this._core._ph_game_category(id, value);
        return {
            value, category, categoryName: this._string(this._core._ph_game_category_name(id, category)),
            description: this.gameDescribe(value, game), bestFive,
        };
    },

    /**
     * All-in equity of 2 to 10 known hands in an equity game (EQUITY_GAMES): short deck hold'em or Omaha hi-lo
     * eight-or-better. Options as equity()'s plus `game` (required) and `force`; the same auto rule as
     * Python's pokerhash.games.equity (exact when estimated at most 2 s, else 1,000,000 samples).
     */
    gameEquity(players, { game, board, dead, exact, samples, seed, force } = {}) {
        const spec = Object.hasOwn(EQUITY_GAMES, game ?? '') ? EQUITY_GAMES[game] : null;
        if (!spec) fail(`unknown equity game ${show(game)}; equity games: ${Object.keys(EQUITY_GAMES).join(', ')}`, 'argument');
        const [high, low, sizes] = [gameId(spec[0]), spec[1] ? gameId(spec[1]) : 0, spec[2]];
        if (!Array.isArray(players)) fail('players must be an array of hands, one per player', 'type');
        if (players.length < 2 || players.length > 10) fail(`equity needs 2 to 10 players, got ${players.length}`, 'count');
        const loose = (cards, what) => { // board or dead cards, in the game's deck
            try {
                return this._cardsAt(AT_CARDS, this._gameCards(high, cards));
            } catch (e) {
                throw e instanceof PokerHashError && e.code === 'card' ? new PokerHashError(`${what} ${e.message}`, e.code) : e;
            }
        };
        const boardCards = loose(board ?? [], 'board');
        const deadCards = loose(dead ?? [], 'dead');
        if (![0, 3, 4, 5].includes(boardCards.length)) fail(`the board must have 0, 3, 4 or 5 cards, got ${boardCards.length}`, 'count');
        const owner = new Map(boardCards.map((card) => [card, 'the board']));
        for (const card of deadCards) {
            if (owner.has(card)) fail(`card ${cardName(card)} is both on the board and dead`, 'duplicate');
            owner.set(card, 'the dead cards');
        }
        const hands = players.map((hand, i) => {
            let cards;
            try {
                cards = this.parseCards(hand);
            } catch (e) {
                throw e instanceof PokerHashError ? new PokerHashError(`player ${i + 1}: ${e.message}`, e.code) : e;
            }
            if (!sizes.includes(cards.length)) {
                const want = sizes.length < 3 ? sizes.join(' or ') : `${sizes[0]} to ${sizes[sizes.length - 1]}`;
                fail(`player ${i + 1}: ${game} hands have ${want} cards, got ${cards.length}`, 'count');
            }
            return cards;
        });
        hands.forEach((cards, i) => {
            for (const card of cards) {
                if (owner.has(card)) fail(`card ${cardName(card)} is in player ${i + 1}'s hand and ${owner.get(card)}`, 'duplicate');
                owner.set(card, `player ${i + 1}'s hand`);
            }
        });
        const block = this._gameEquityBlock(hands, boardCards, deadCards, high, low);
        const monteCarlo = samples !== undefined || seed !== undefined;
        if (exact === true && monteCarlo) {
            fail(`exact=True cannot be combined with ${[samples !== undefined && 'samples', seed !== undefined && 'seed'].filter(Boolean).join(', ')} (Monte Carlo options)`, 'argument');
        }
        if (exact !== undefined && typeof exact !== 'boolean') fail(`exact must be true or false, got ${show(exact)}`, 'type');
        this._core._ph_game_equity_exact_seconds(high, low, block + GB_GAME, block + GB_UNITS);
        const estimate = this._core.HEAPF64[(block + GB_UNITS) >> 3];
        const runExact = exact ?? (!monteCarlo && estimate <= GAME_AUTO_EXACT_SECONDS);
        if (runExact && estimate > GAME_REFUSE_EXACT_SECONDS && !force) {
            fail(`exact enumeration would take about ${duration(estimate)} on 1 thread; use Monte Carlo (exact=False) or pass force=True`, 'argument');
        }
        let total;
        let seedUsed;
        if (runExact) {
            let status = this._core._ph_game_equity_units(high, low, block + GB_GAME, block + GB_UNITS);
            if (status !== 0) this._statusError(status);
            this._u8.fill(0, block + GB_TALLY, block + GB_UNITS);
            status = this._core._ph_game_equity_exact(high, low, block + GB_GAME, 0n, this._core.HEAPU64[(block + GB_UNITS) >> 3], block + GB_TALLY);
            if (status !== 0) this._statusError(status);
            total = this._gameTally(block, hands.length);
        } else {
            const count = samples ?? DEFAULT_SAMPLES;
            if (!Number.isSafeInteger(count) || count < 1) fail(`samples must be a positive integer, got ${show(samples)}`, 'argument');
            seedUsed = seed === undefined ? randomSeed() : u64(seed, 'seed');
            for (let first = 0; first < count; first += GAME_MC_BATCH) {
                this._u8.fill(0, block + GB_TALLY, block + GB_UNITS);
                const status = this._core._ph_game_equity_sample(high, low, block + GB_GAME, seedUsed, BigInt(first),
                    BigInt(Math.min(GAME_MC_BATCH, count - first)), block + GB_TALLY);
                if (status === STATUS.ARGUMENT) fail('could not deal holdings without shared cards (1,000,000 tries)', 'argument');
                if (status !== 0) this._statusError(status);
                total = addGameTally(total, this._gameTally(block, hands.length));
            }
        }
        return gameEquityResult(game, hands, boardCards, deadCards, total, runExact, seedUsed);
    },

    /** Writes hands, board and dead cards as a ph_equity_game into the games' equity block and checks it. */
    _gameEquityBlock(hands, board, dead, high, low) {
        if (!this._gameBlock) {
            this._gameBlock = this._core._malloc(GB_BYTES);
            if (!this._gameBlock) fail(`cannot allocate ${GB_BYTES} bytes of wasm memory`, 'argument');
        }
        const block = this._gameBlock;
        const hole = hands[0].length;
        if (hands.some((h) => h.length !== hole)) fail(`all players must hold the same number of cards, got ${[...new Set(hands.map((h) => h.length))].sort().join(' and ')}`, 'count');
        hands.forEach((cards, p) => this._u8.set(cards, block + GB_HOLDINGS + p * hole));
        this._u8.set(board, block + GB_BOARD);
        this._u8.set(dead, block + GB_DEAD);
        const u32 = this._core.HEAPU32;
        hands.forEach((_, p) => { u32[((block + GB_OFFSETS) >> 2) + p] = p; });
        u32[((block + GB_OFFSETS) >> 2) + hands.length] = hands.length;
        u32.set([hands.length, hole, block + GB_HOLDINGS, block + GB_OFFSETS, 0, block + GB_BOARD, board.length,
            block + GB_DEAD, dead.length], (block + GB_GAME) >> 2);
        const status = this._core._ph_game_equity_check(high, low, block + GB_GAME, block + GB_PROBLEM, PROBLEM_CAP);
        if (status !== 0) this._statusError(status, this._string(block + GB_PROBLEM));
        return block;
    },

    _gameTally(block, players) {
        const u64 = this._core.HEAPU64;
        const f64 = this._core.HEAPF64;
        const at = (block + GB_TALLY) >> 3;
        const ints = (field) => Array.from(u64.subarray(at + field / 8, at + field / 8 + players), Number);
        const floats = (field) => Array.from(f64.subarray(at + field / 8, at + field / 8 + players));
        return {
            deals: Number(u64[at]), win: ints(GAME_TALLY.win), tie: ints(GAME_TALLY.tie), lose: ints(GAME_TALLY.lose),
            share: ints(GAME_TALLY.share), weight: f64[at + GAME_TALLY.weight / 8],
            weightedShare: floats(GAME_TALLY.weightedShare), sumSq: floats(GAME_TALLY.sumSq),
            weightedWin: floats(GAME_TALLY.weightedWin), weightedTie: floats(GAME_TALLY.weightedTie),
            highShare: ints(GAME_TALLY.highShare), weightedHighShare: floats(GAME_TALLY.weightedHighShare),
            lowDeals: Number(u64[at + GAME_TALLY.lowDeals / 8]),
        };
    },
};

function addGameTally(total, part) {
    if (!total) return part;
    total.lowDeals += part.lowDeals;
    for (const key of ['highShare', 'weightedHighShare']) part[key].forEach((v, i) => { total[key][i] += v; });
    return addTally(total, part);
}

/** The result of gameEquity(): the same arithmetic as Python's GameEquityResult. */
function gameEquityResult(game, hands, board, dead, total, isExact, seed) {
    const n = total.deals;
    const players = hands.map((cards, p) => {
        const equity = isExact ? total.share[p] / (GAME_POT * n) : total.weightedShare[p] / total.weight;
        const highEquity = isExact ? total.highShare[p] / (GAME_POT * n) : total.weightedHighShare[p] / total.weight;
        const player = {
            hand: cards.map((c) => cardName(c)).join(''), cards, equity, highEquity, lowEquity: equity - highEquity,
            win: total.win[p], tie: total.tie[p], lose: total.lose[p],
            winRate: total.weightedWin[p] / total.weight, tieRate: total.weightedTie[p] / total.weight,
        };
        player.loseRate = Math.max(0, 1 - player.winRate - player.tieRate);
        if (!isExact) {
            const mean = total.weightedShare[p] / total.weight;
            player.stderr = n < 2 ? null : Math.sqrt(Math.max(0, total.sumSq[p] / n - mean * mean) / (n - 1));
        }
        return player;
    });
    const result = { game, exact: isExact, deals: n, lowDeals: total.lowDeals, players, board, dead };
    if (!isExact) result.seed = exact(seed);
    return result;
}

Object.assign(PokerHash.prototype, gameMethods);

export default PokerHash;
