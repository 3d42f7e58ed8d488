/**
 * pokerhash for JavaScript: exact poker hand evaluation (5 to 9 cards), card combinatorics, ranges and
 * all-in equity, running the library's C core compiled to WebAssembly.
 *
 *   import { PokerHash } from 'pokerhash';
 *   const ph = await PokerHash.load();
 *   ph.evaluate('As Ks Qs Js Ts');            // 1 (royal flush); values 1..7462, lower is better
 *   ph.evaluate([51, 47, 43, 39, 35]);        // the same hand as card ids
 *   ph.describe(ph.evaluate('9c 9d 9h 4s 4c')); // 'Nines Full over Fours'
 *   ph.evaluateBatch(cards, 7);               // Uint8Array of n*7 ids -> Uint16Array of n values
 *   ph.equity(['AcAd', 'QQ+, AKs']);          // all-in equity: players[i].equity, win, tie, lose, winRate...
 *   ph.parseRange('QQ+, AKs, A5s-A2s:0.5');   // the same range notation as Python's pokerhash
 *   ph.winners(['AsKs', 'QdQh'], 'Ah 7d 2c 9h Tc'); // [0]
 *
 * Card id = 4 * rank + suit: rank 0..12 is 2..A, suit 0..3 is c, d, h, s (2c = 0, As = 51). Card text is
 * rank 2-9 T J Q K A (or 10) then suit c d h s (any case) or a symbol ♣ ♦ ♥ ♠; cards may be separated by
 * spaces, commas or nothing ("AsKs Qd,Jd").
 *
 * Values follow the Cactus Kev / PokerHandEvaluator scale, so they interoperate with other tools.
 * Every bad input throws a PokerHashError (an Error) whose message names the problem and whose `code`
 * is one of 'type', 'parse', 'card', 'duplicate', 'count', 'argument', 'range', 'overflow'.
 *
 * 64-bit rule: binomials, combination ranks and Monte Carlo seeds are BigInt, always (arguments may be
 * numbers or BigInts); every other result is a number.
 */
import createPokerHashCore from './pokerhash_core.mjs';
import {
    DECK_SIZE, PokerHashError, WORST_VALUE, cardName, decoder, encoder, fail, isInteger, show, typeName, u64,
} from './common.mjs';
import { equityEstimate, equityJob, runJob, runJobAsync } from './equity.mjs';
import { parseRangeText } from './ranges.mjs';

export { DECK_SIZE, PokerHashError, WORST_VALUE, cardName };

/** Category names by category id: 0 is 'Royal Flush' .. 9 'High Card'. */
export const CATEGORY_NAMES = Object.freeze([
    'Royal Flush', 'Straight Flush', 'Four of a Kind', 'Full House', 'Flush',
    'Straight', 'Three of a Kind', 'Two Pair', 'One Pair', 'High Card',
]);

const ORDERS = { colex: 0, lex: 1 };
const STATUS = { CARD: -1, DUPLICATE: -2, COUNT: -3, PARSE: -4, ARGUMENT: -5, RANK: -6, OVERFLOW: -7, BUFFER: -9 };
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
const CODE_OF_STATUS = { [-1]: 'card', [-2]: 'duplicate', [-3]: 'count', [-5]: 'argument', [-6]: 'range', [-7]: 'overflow' };

const isNode = typeof process === 'object' && !!process.versions?.node && typeof window === 'undefined';

/** A small non-negative integer argument as a number. */
function small(x, name) {
    if (!isInteger(x) || x < 0 || x > 0xffffffff) {
        fail(`${name} must be a non-negative integer, got ${show(x)}`, 'argument');
    }
    return Number(x);
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

    // ---- ranges, showdowns and equity -----------------------------------------------------------------

    /**
     * Range notation, read by the same C parser as Python's pokerhash.parse_range: "QQ+, AKs, A5s-A2s:0.5",
     * "T9s+", "22-55", "AsKs", "AhKhQdJd", "random". Returns { text, handSize, combos: [{cards, weight}] }
     * (combos in the order of their last mention, cards ascending). Options: dead (cards to remove).
     */
    parseRange(text, { dead } = {}) {
        let mask = 0n;
        for (const card of this.parseCards(dead ?? [])) mask |= 1n << BigInt(card);
        return parseRangeText(this, text, mask);
    }

    /**
     * Indexes of the best hands at a showdown (several when they tie), like pokersolver's Hand.winners.
     * Hold'em: 2-card hands with a board of 3 to 5 cards, or whole 5 to 9 card hands with no board.
     * Omaha: 4 to 6 hole cards with a board of 3 to 5 (exactly two hole cards and three board cards).
     */
    winners(hands, board = []) {
        if (!Array.isArray(hands) || hands.length < 1) fail('hands must be a non-empty array of hands', 'type');
        const boardCards = this.parseCards(board);
        const parsed = hands.map((hand) => this.parseCards(hand));
        const sizes = [...new Set(parsed.map((h) => h.length))];
        if (sizes.length > 1) fail(`all hands must have the same number of cards, got ${sizes.sort((a, b) => a - b).join(' and ')}`, 'count');
        const seen = new Set(boardCards);
        for (const card of parsed.flat()) {
            if (seen.has(card)) fail(`duplicate card ${cardName(card)}`, 'duplicate');
            seen.add(card);
        }
        const omaha = sizes[0] >= 4 && sizes[0] <= 6 && boardCards.length >= 3;
        const values = parsed.map((cards) => (omaha ? this.omahaEvaluate(cards, boardCards) : this.evaluate([...cards, ...boardCards])));
        const best = Math.min(...values);
        return values.flatMap((v, i) => (v === best ? [i] : []));
    }

    /**
     * All-in equity of 2 to 10 players, each a hand ('AcAd', [48, 49]; Omaha 4 to 6 cards) or a range
     * ('QQ+, AKs', 'random', or a parseRange() result). Options: board (0, 3, 4 or 5 cards), dead, exact,
     * samples, stderr, seed, force, omaha. Mode: samples, stderr or seed given => Monte Carlo; else exact when
     * the estimate is at most 2 s, otherwise 1,000,000 Monte Carlo samples with a fresh seed (reported).
     * exact: true refuses a run estimated over 60 s unless force: true. The same seed gives the same result
     * as Python's pokerhash.equity. Blocks until done: see equityAsync for long runs.
     */
    equity(players, options = {}) {
        return runJob(equityJob(this, players, options));
    }

    /**
     * equity() in chunks of at most ~0.1 s, yielding to the event loop between them (run it in a Worker for
     * a page that never freezes). Options as equity(), plus signal (an AbortSignal: rejects with its reason
     * within one chunk) and onProgress(done, total) (work units or samples, after each chunk).
     */
    equityAsync(players, { signal, onProgress, ...options } = {}) {
        return runJobAsync(equityJob(this, players, options), { signal, onProgress });
    }

    /**
     * The cost estimate behind equity()'s mode: { seconds (this engine), nativeSeconds (the C estimate for a
     * native build), exact (whether auto mode enumerates) }. Options: board, dead, omaha.
     */
    equityEstimate(players, options = {}) {
        return equityEstimate(this, players, options);
    }

    // ---- combinatorics ----------------------------------------------------------------------------

    /** Exact C(n, k) as a BigInt (0n when k > n); throws when it exceeds 2**64 - 1. */
    comb(n, k) {
        const nn = small(n, 'n');
        const kk = small(k, 'k');
        const at = this._scratch + AT_U64;
        if (this._core._ph_binomial(BigInt(nn), BigInt(kk), at) !== 0) fail(`C(${nn},${kk}) does not fit in 64 bits`, 'overflow');
        return this._core.HEAPU64[at >> 3];
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

    /** Rank 0..C(n,k)-1 (a BigInt) of the k-subset `items` of 0..n-1 (n <= 64) in 'colex' or 'lex' order. */
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
        return this._core.HEAPU64[(this._scratch + AT_U64) >> 3];
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
