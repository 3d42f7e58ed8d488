/**
 * pokerhash for JavaScript: exact poker hand evaluation (5 to 9 cards), card combinatorics, ranges,
 * all-in equity and other games (short deck, lowball, hi-lo), running the library's C core compiled to
 * WebAssembly. This module is the API; equity.mjs, games.mjs, equity_job.mjs, ranges.mjs and analysis.mjs do
 * the work.
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
 *   ph.gameEvaluate('8c 6d 4h 2s Ac Kd Kh', 'ace_five_8'); // 28: other games on their own scales (games.mjs)
 *   ph.gameEquity(['AhAd2c3d', 'KsKhQsJh'], { game: 'omaha_hilo8' }); // hi-lo equity, split and quartered pots
 *   ph.showdown('Ks 7d 2c 3h 9s');            // every hole pair's wins, ties and losses on a board (analysis.mjs)
 *   ph.handIndexer([2, 3, 1, 1]).index('AsKs Qh7c2d');  // a suit-isomorphic hand index (isomorphism.mjs)
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
    AT_CARDS, AT_OUT, AT_SIZE, AT_TEXT, AT_U64, CODE_OF_STATUS, DECK_SIZE, PokerHashError, STATUS, TEXT_CAP, WORST_VALUE,
    boundedLength, cardName, decoder, echo, encoder, fail, guarded, isInteger, libraryError, numeric, optionsObject,
    ownProperty, show, typeName, u64, viewLength, withoutVariationSelectors,
} from './common.mjs';
import { MAX_SAMPLES, runJob, runJobAsync } from './equity_job.mjs';
import { checkedHostFactor, holdemEquityJob, holdemEstimate, hostFactor } from './equity.mjs';
import {
    EQUITY_GAMES, GAMES, gameAnalyze, gameCategory, gameCategoryName, gameDescribe, gameEquityEstimate, gameEquityJob,
    gameEvaluate, gameEvaluateBatch, gameInfo, gameOmahaEvaluate,
} from './games.mjs';
import { parseRangeText } from './ranges.mjs';
import { showdown, strengthJob } from './analysis.mjs';
import { cardOfName, readCardText } from './card_text.mjs';
import { uthJob } from './uth.mjs';
import { HandIndexer } from './isomorphism.mjs';

export { DECK_SIZE, EQUITY_GAMES, GAMES, MAX_SAMPLES, PokerHashError, WORST_VALUE, cardName };

/** Category names by category id: 0 is 'Royal Flush' .. 9 'High Card'. */
export const CATEGORY_NAMES = Object.freeze([
    'Royal Flush', 'Straight Flush', 'Four of a Kind', 'Full House', 'Flush',
    'Straight', 'Three of a Kind', 'Two Pair', 'One Pair', 'High Card',
]);

const ORDERS = { colex: 0, lex: 1 };
const CARDS_TYPE = 'cards must be card names (string), card ids (integer) or an array of them';
const SCRATCH_BYTES = 1024;
const MAX_CARDS = 64;    // more than a deck, so a wrong count is reported rather than truncated
// The options each equity call reads (pokerhash.d.ts): any other name is refused as a likely typo.
const ESTIMATE_OPTIONS = ['board', 'dead', 'omaha'];
const MODE_OPTIONS = ['exact', 'samples', 'stderr', 'seed', 'force'];
const EQUITY_OPTIONS = [...ESTIMATE_OPTIONS, ...MODE_OPTIONS];
const GAME_ESTIMATE_OPTIONS = ['game', 'board', 'dead'];
const GAME_EQUITY_OPTIONS = [...GAME_ESTIMATE_OPTIONS, ...MODE_OPTIONS];
const ASYNC_OPTIONS = ['signal', 'onProgress'];
const BATCH_ROWS = 1 << 18; // rows per call into wasm: bounds the heap a huge batch needs
/** duplicate, or card when it is the first card seen twice; marks card in masks (ids 0..31, 32..51). */
function seen(card, masks, duplicate) {
    const bit = 1 << (card & 31);
    const word = card >> 5;
    if (masks[word] & bit && duplicate < 0) duplicate = card;
    masks[word] |= bit;
    return duplicate;
}
const HAS_OWN = Object.prototype.hasOwnProperty; // Object.hasOwn's rule, a little quicker in the per-card loop
const ARRAY_PROTO = Array.prototype;
const OBJECT_PROTO = Object.prototype;

/**
 * Whether array's prototypes are the standard two (Object.prototype's own cannot change). For such an array,
 * an index i that `in` finds on it but not on Array.prototype (which looks on Object.prototype too) is its
 * own element: two `in` tests, several times quicker than hasOwnProperty, tell a hole or a polluted prototype.
 */
function plainArray(array) {
    return Object.getPrototypeOf(array) === ARRAY_PROTO && Object.getPrototypeOf(ARRAY_PROTO) === OBJECT_PROTO;
}

const isNode = typeof process === 'object' && !!process.versions?.node && typeof window === 'undefined';

/** What a failed file read says, by node's error code: its message repeats the whole path. */
const FILE_ERRORS = {
    ENOENT: 'no such file', ENAMETOOLONG: 'the path is too long', EISDIR: 'it is a directory', EACCES: 'permission denied',
    ENOTDIR: 'a part of the path is not a directory', ELOOP: 'too many symbolic links', EPERM: 'permission denied',
};

/**
 * Why a load failed, in the underlying message's words (node's, fetch's, the engine's), but with the URL or
 * its path written as "(the URL)": the message has already echoed it, cut, and a 10,000-character path must
 * not come back whole. A message still over MAX_REASON characters is cut as echoes are. The whole message
 * stays in the error's `cause`.
 */
function loadReason(message, url) {
    let reason = String(message ?? 'unknown error');
    const spellings = [url];
    try {
        const parsed = new URL(url);
        spellings.push(parsed.href, decodeURIComponent(parsed.pathname));
    } catch { /* not a URL: a relative path */ }
    for (const text of spellings.filter((s) => s.length > 3)) reason = reason.split(text).join('(the URL)');
    return reason.length <= MAX_REASON ? reason : echo(reason);
}
const MAX_REASON = 300; // engine messages are a line; a longer one repeats something of the caller's

/** A small non-negative integer argument as a number. */
function small(x, name) {
    x = numeric(x);
    if (!isInteger(x) || x < 0 || x > 0xffffffff) {
        fail(`${name} must be a non-negative integer, got ${show(x)}`, 'argument');
    }
    return Number(x);
}

function orderId(order) {
    const id = typeof order === 'string' && Object.hasOwn(ORDERS, order) ? ORDERS[order] : undefined;
    if (id === undefined) {
        fail(`order must be 'colex' or 'lex', got ${show(order)}`, 'argument');
    }
    return id;
}

function checkValue(value) {
    value = numeric(value);
    if (!Number.isInteger(value) || value < 1 || value > WORST_VALUE) {
        fail(`hand value ${show(value)} outside 1..${WORST_VALUE}`, 'argument');
    }
    return value;
}

/** Checked n and k (numbers or BigInts) as numbers. */
function checkNK(n, k) {
    n = numeric(n);
    k = numeric(k);
    if (!Number.isInteger(n) || n < 0 || n > 64) fail(`n must be 0..64, got ${show(n)}`, 'argument');
    if (!Number.isInteger(k) || k < 0 || k > n) fail(`k must be 0..n, got ${show(k)} for n=${n}`, 'argument');
    return [n, k];
}

/**
 * The emcc module made by `create` (the hold'em core or the whole library), from `wasmUrl` (by default the file
 * `name` next to this one) or from `wasmBinary`; a failure is a PokerHashError that says what failed.
 */
async function instantiate(create, wasmUrl, wasmBinary, name) {
    if (wasmUrl !== undefined && typeof wasmUrl !== 'string' && !(wasmUrl instanceof URL)) {
        fail(`wasmUrl must be a string or a URL, got ${typeName(wasmUrl)}`, 'type');
    }
    const url = String(wasmUrl ?? new URL(name, import.meta.url));
    const from = wasmBinary !== undefined ? ' (wasmBinary)' : ` from ${echo(url, "'")}`;
    const cannotLoad = (reason, error) => fail(`cannot load the pokerhash WebAssembly module${from}: ${loadReason(reason, url)}`, 'argument', error);
    const moduleOptions = { locateFile: () => url };
    if (wasmBinary !== undefined) {
        if (!(wasmBinary instanceof ArrayBuffer || wasmBinary instanceof Uint8Array)) {
            fail(`wasmBinary must be an ArrayBuffer or a Uint8Array, got ${typeName(wasmBinary)}`, 'type');
        }
        moduleOptions.wasmBinary = wasmBinary;
    } else if (isNode && url.startsWith('file:')) {
        // emcc 3.1.6's node glue is not ES-module safe, so node gets the bytes handed over.
        const { readFile } = await import('node:fs/promises');
        try {
            moduleOptions.wasmBinary = await readFile(new URL(url));
        } catch (error) {
            cannotLoad(FILE_ERRORS[error?.code] ?? error?.message, error);
        }
    }
    // emcc's glue prints a failed start ("Aborted(CompileError ...)") and rejects with a RuntimeError; the
    // caller gets one PokerHashError that says what failed instead.
    let loaded = false;
    moduleOptions.printErr = (text) => { if (loaded) console.error(text); };
    let core;
    try {
        core = await create(moduleOptions);
    } catch (error) {
        // "Aborted(CompileError: ...). Build with -s ASSERTIONS=1 for more info." says only the middle part
        cannotLoad(String(error?.message ?? error).replace(/^Aborted\((.*)\)(\. Build with .*)?$/s, '$1'), error);
    }
    loaded = true;
    return core;
}

/** The emcc module of the whole library (pokerhash_games.wasm), for the other games. */
async function loadGamesCore(wasmUrl, wasmBinary) {
    const { default: create } = await import('./pokerhash_games.mjs');
    return instantiate(create, wasmUrl, wasmBinary, './pokerhash_games.wasm');
}

export class PokerHash {
    /**
     * Instantiates the WebAssembly core: hold'em, Omaha, equity, ranges, combinatorics and analysis. Options:
     * `wasmUrl` (where pokerhash_core.wasm is, by default next to this file) or `wasmBinary` (its bytes, e.g.
     * when bundling); `games: true` also loads the other games (loadGames()) before it resolves; `hostFactor`
     * (a positive number: the wasm seconds per second of the native cost estimate, set instead of measured;
     * see hostFactor()).
     * @returns {Promise<PokerHash>}
     */
    static async load(options) {
        const { wasmUrl, wasmBinary, games = false, hostFactor: givenFactor } = optionsObject(options, ['wasmUrl', 'wasmBinary', 'games', 'hostFactor']);
        if (typeof games !== 'boolean') fail(`games must be true or false, got ${show(games)}`, 'type');
        const factor = givenFactor === undefined ? undefined : checkedHostFactor(givenFactor, 'hostFactor');
        const loading = instantiate(createPokerHashCore, wasmUrl, wasmBinary, './pokerhash_core.wasm');
        const gamesLoading = games ? loadGamesCore() : null; // fetched and compiled alongside the core
        const ph = new PokerHash(await loading);
        ph._hostFactor = factor;
        if (gamesLoading) {
            ph._gamesLoading = gamesLoading.then((core) => ph._adoptGames(core));
            await ph._gamesLoading;
        }
        return ph;
    }

    /**
     * Fetches the other games (short deck, lowball, hi-lo: their tables would triple the hold'em download, so
     * load() leaves them out) from pokerhash_games.wasm, next to this file unless `wasmUrl` or `wasmBinary` says
     * otherwise. Call it once before the game* methods (gameEquityAsync calls it itself); later calls return
     * the same promise. A failed load rejects with a PokerHashError, and a later call tries again.
     * @returns {Promise<void>}
     */
    async loadGames(options) {
        const { wasmUrl, wasmBinary } = guarded(() => optionsObject(options, ['wasmUrl', 'wasmBinary']));
        if (!this._gamesLoading) {
            const loading = loadGamesCore(wasmUrl, wasmBinary).then((core) => this._adoptGames(core));
            this._gamesLoading = loading;
            loading.catch(() => { if (this._gamesLoading === loading) this._gamesLoading = null; });
        }
        return this._gamesLoading;
    }

    /** Makes the whole library's module the game* methods' engine; it runs on this host, so it shares this
     * one's host factor (hostFactor()) rather than measuring its own. */
    _adoptGames(core) {
        this._gamesEngine = new PokerHash(core);
        this._gamesEngine._hostOf = this;
    }

    /** The PokerHash over the whole library that the game* methods run on, once loadGames() has loaded it. */
    _games() {
        if (!this._gamesEngine) {
            fail("the other games are not loaded: call `await ph.loadGames()` first, or load with PokerHash.load({ games: true })", 'argument');
        }
        return this._gamesEngine;
    }

    /** Use PokerHash.load(). */
    constructor(core) {
        this._core = core;
        this._scratch = core._malloc(SCRATCH_BYTES);
        if (!this._scratch) fail(`cannot allocate ${SCRATCH_BYTES} bytes of wasm memory`, 'argument');
        this._batch = 0;
        this._batchBytes = 0;
        this._heap = core.HEAPU8;
        this._seen = new Int32Array(2); // _collect's cards seen so far, as masks of ids 0..31 and 32..51
        this.version = this._string(core._ph_version());
    }

    // ---- memory helpers ---------------------------------------------------------------------------

    /**
     * The heap as bytes. Any malloc may grow the wasm memory, which detaches the old view (its length reads 0):
     * the module's new view is then taken, else the one kept (a property read of the module costs more).
     */
    get _u8() {
        const heap = this._heap;
        return heap.length ? heap : (this._heap = this._core.HEAPU8);
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
        const read = readCardText(text, this._u8, this._scratch + AT_CARDS + count, MAX_CARDS - count);
        if (read >= 0) return count + read;
        const bytes = encoder.encode(withoutVariationSelectors(text));
        let at = this._scratch + AT_TEXT;
        let temp = 0;
        if (bytes.length > TEXT_CAP) {
            // a failed malloc answers 0: the text must never be copied there, over the module's static data
            at = temp = this._core._malloc(bytes.length);
            if (!temp) fail(`cannot allocate ${bytes.length} bytes of wasm memory for card text`, 'argument');
        }
        try {
            this._u8.set(bytes, at);
            const parsed = this._core._ph_cards_parse(at, bytes.length, this._scratch + AT_CARDS + count,
                MAX_CARDS - count, this._scratch + AT_SIZE);
            if (parsed === STATUS.PARSE) {
                const offset = this._sizeAt(AT_SIZE);
                const end = offset + this._core._ph_cards_word_length(at + offset, bytes.length - offset);
                fail(`unknown card ${echo(decoder.decode(bytes.subarray(offset, end)), "'")}`, 'parse');
            }
            if (parsed < 0) fail(`more than ${MAX_CARDS} cards`, 'count');
            return count + parsed;
        } finally {
            if (temp) this._core._free(temp);
        }
    }

    /**
     * Writes the cards of `cards` (text, or an array of ids and/or texts) to the scratch area, rejecting
     * unknown text, ids outside 0..51 and duplicates. Returns how many there are. `name` names a typed array
     * whose buffer was transferred away (it would read as no cards).
     */
    _collect(cards, name = 'cards') {
        if (typeof cards === 'string') {
            const count = this._parseText(cards, 0);
            this._checkDuplicates(count);
            return count;
        }
        if (Array.isArray(cards) || (ArrayBuffer.isView(cards) && !(cards instanceof DataView))) {
            const base = this._scratch + AT_CARDS;
            const array = Array.isArray(cards);
            const length = array ? cards.length : viewLength(cards, name);
            let heap = this._u8;
            let count = 0;
            const masks = this._seen;
            masks[0] = masks[1] = 0;
            let duplicate = -1; // the first card seen twice: reported after every other problem, as for text
            const plain = array && plainArray(cards);
            for (let i = 0; i < length; i++) {
                // a hole would read Array.prototype[i]: a polluted prototype must not deal a card
                if (array && !(plain && i in cards && !(i in ARRAY_PROTO)) && !HAS_OWN.call(cards, i)) {
                    fail(`card ${i + 1} is missing (a hole in the array)`, 'type');
                }
                const item = cards[i];
                let card = -1; // the one card of an id or a name, else -1 after other text
                if (typeof item === 'number' && item >= 0 && item < DECK_SIZE && (item | 0) === item) {
                    card = item;
                } else if (typeof item === 'string') { // a card's name ("As") is read here; other text by _parseText
                    card = cardOfName(item);
                    if (card < 0) {
                        const first = count;
                        count = this._parseText(item, count);
                        heap = this._u8; // parsing a long text may have grown (and so replaced) the memory
                        for (let at = first; at < count; at++) duplicate = seen(heap[base + at], masks, duplicate);
                        continue;
                    }
                } else {
                    card = numeric(item);
                    if (typeof card !== 'number' && typeof card !== 'bigint') fail(CARDS_TYPE, 'type');
                    if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE) {
                        fail(`card id ${show(card)} outside 0..51`, 'card');
                    }
                }
                if (count === MAX_CARDS) fail(`more than ${MAX_CARDS} cards`, 'count');
                heap[base + count++] = card;
                duplicate = seen(card, masks, duplicate);
            }
            if (duplicate >= 0) fail(`duplicate card ${cardName(duplicate)}`, 'duplicate');
            return count;
        }
        fail(CARDS_TYPE, 'type');
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

    _cardsAt(offset, count) { // a plain loop: Array.from of a heap subarray costs several times more
        const heap = this._u8;
        const at = this._scratch + offset;
        const cards = new Array(count);
        for (let i = 0; i < count; i++) cards[i] = heap[at + i];
        return cards;
    }

    /**
     * The card ids of the argument `name` (board, dead, a showdown's "hand 1"): a wrong type names it, in
     * Python's words (named_cards in _cards.py): "board must be card text or an array of cards, got number 5",
     * or "board: cards must be ..." for an item of the wrong type.
     */
    _namedCards(cards, name) {
        if (typeof cards !== 'string' && !Array.isArray(cards) && !(ArrayBuffer.isView(cards) && !(cards instanceof DataView))) {
            const value = ['number', 'bigint', 'boolean', 'symbol'].includes(typeof cards) ? ` ${show(cards)}` : '';
            fail(`${name} must be card text or an array of cards, got ${typeName(cards)}${value}`, 'type');
        }
        try {
            return this._cardsAt(AT_CARDS, this._collect(cards, name));
        } catch (e) {
            if (e instanceof PokerHashError && e.code === 'type') fail(`${name}: ${e.message}`, 'type');
            throw e;
        }
    }

    /** The card ids of an option (board, dead): none for undefined or null, as Python's None. */
    _optionCards(cards, name) {
        return cards === undefined || cards === null ? [] : this._namedCards(cards, name);
    }

    /**
     * Card ids of text ("As Ks", "AsKs", "A♠,K♠"), an array of ids and/or names, or a typed array of ids (not a
     * DataView); 0..52 cards, no duplicates.
     */
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
        return this._evaluateRows(cards, k, out, (input, m, rowSize, output, badRow) => this._core._ph_evaluate_batch(input, m, rowSize, output, badRow),
            () => 'card id outside 0..51');
    }

    /**
     * The batch loop of evaluateBatch and gameEvaluateBatch: checks the arguments, copies at most BATCH_ROWS
     * rows at a time into the heap, calls evaluate(input, rows, k, output, badRowPtr) (a C batch status) and
     * names a bad row: "row 7: duplicate card", or "row 7: " + cardProblem(rowPtr, k) (k a number by then).
     */
    _evaluateRows(cards, k, out, evaluate, cardProblem) {
        k = numeric(k);
        if (!(cards instanceof Uint8Array)) fail(`cards must be a Uint8Array, got ${typeName(cards)}`, 'type');
        if (!Number.isInteger(k) || k < 5 || k > 9) fail(`k must be 5 to 9, got ${show(k)}`, 'count');
        const bytes = viewLength(cards, 'cards');
        if (bytes % k) fail(`cards hold ${bytes} bytes, not a multiple of k=${k}`, 'argument');
        const n = bytes / k;
        if (out === undefined) out = new Uint16Array(n);
        else if (!(out instanceof Uint16Array)) fail(`out must be a Uint16Array of ${n} values, got ${typeName(out)}`, 'type');
        else if (viewLength(out, 'out') !== n) fail(`out must be a Uint16Array of ${n} values, got one of ${viewLength(out, 'out')}`, 'argument');
        // Read before written: an out that shares memory with cards would overwrite rows not yet evaluated.
        if (out.buffer === cards.buffer && out.byteOffset < cards.byteOffset + bytes && cards.byteOffset < out.byteOffset + 2 * n) {
            fail('out must not overlap cards', 'argument');
        }
        const rows = Math.min(n, BATCH_ROWS);
        const input = this._batchBuffer(rows * k + rows * 2 + 8);
        const output = (input + rows * k + 1) & ~1;
        for (let first = 0; first < n; first += rows) {
            const m = Math.min(rows, n - first);
            this._u8.set(Uint8Array.prototype.subarray.call(cards, first * k, (first + m) * k), input);
            const status = evaluate(input, m, k, output, this._scratch + AT_SIZE);
            if (status !== 0) {
                const bad = this._sizeAt(AT_SIZE);
                if (status === STATUS.DUPLICATE) fail(`row ${first + bad}: duplicate card`, 'duplicate');
                fail(`row ${first + bad}: ${cardProblem(input + bad * k, k)}`, 'card');
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
        value = checkValue(value);
        const at = this._scratch + AT_OUT;
        this._core._ph_describe(value, at, 64);
        return this._string(at);
    }

    /** Ranks 0..12 (2..A) of the five cards behind a value, in order of importance. */
    valueRanks(value) {
        value = checkValue(value);
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
        k = numeric(k);
        if (!Number.isInteger(k) || k < 5 || k > 9) fail(`k must be 5 to 9, got ${show(k)}`, 'count');
        const [first, size] = this._range(52, k, start, count);
        const at = this._batchBuffer((WORST_VALUE + 1) * 8);
        this._u8.fill(0, at, at + (WORST_VALUE + 1) * 8);
        this._core._ph_value_histogram(k, first, size, at);
        return Float64Array.from(new BigUint64Array(this._u8.buffer, at, WORST_VALUE + 1), Number);
    }

    /** The lexicographic index of a 13-digit quinary (rank counts 0..4 summing to k <= 9). */
    quinaryHash(q, k) {
        k = numeric(k);
        // The length first (a sparse array may claim 2**32 - 1 entries), then every digit, holes included.
        if (Array.isArray(q) && q.length === 13) q = Array.from({ length: 13 }, (_, i) => numeric(ownProperty(q, i)));
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
        return gameOmahaEvaluate(this, hole, board, 'holdem'); // PH_GAME_HOLDEM is ph_omaha_evaluate
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
    parseRange(text, options) {
        const { dead } = optionsObject(options, ['dead']);
        let mask = 0n;
        for (const card of this._optionCards(dead, 'dead')) mask |= 1n << BigInt(card);
        return parseRangeText(this, text, mask);
    }

    /**
     * Indexes of the best hands at a showdown (several when they tie), like pokersolver's Hand.winners.
     * Hold'em: 2-card hands with a board of 3 to 5 cards, or whole 5 to 9 card hands with no board.
     * Omaha: 4 to 6 hole cards with a board of 3 to 5 (exactly two hole cards and three board cards).
     * No board: undefined or null (Python's None). A wrong hand is named counting from 1: "hand 2: ..." is hands[1].
     */
    winners(hands, board) {
        if (!Array.isArray(hands) || hands.length < 1) fail('hands must be a non-empty array of hands', 'type');
        // 52 cards hold at most 26 hands; the bound comes before any walk of a sparse array's claimed length
        if (hands.length > DECK_SIZE / 2) fail(`hands must have at most ${DECK_SIZE / 2} entries, got ${hands.length}`, 'count');
        const boardCards = this._optionCards(board, 'board'); // null: no board, as Python's None
        if (boardCards.length > 5) fail(`the board has at most 5 cards, got ${boardCards.length}`, 'count');
        const parsed = Array.from({ length: hands.length }, (_, i) => {
            try { // a hole is no hand (never Array.prototype's)
                return this._namedCards(ownProperty(hands, i), `hand ${i + 1}`);
            } catch (e) { // "hand 2: unknown card 'Xx'": which hand, counted from 1, in Python's words (_showdown.py)
                if (!(e instanceof PokerHashError) || e.code === 'type') throw e;
                throw new PokerHashError(`hand ${i + 1}: ${e.message}`, e.code);
            }
        });
        const sizes = [...new Set(parsed.map((h) => h.length))];
        if (sizes.length > 1) fail(`all hands must have the same number of cards, got ${sizes.sort((a, b) => a - b).join(' and ')}`, 'count');
        const owner = new Map(boardCards.map((card) => [card, 'the board'])); // Python's words (_showdown.py)
        parsed.forEach((cards, i) => {
            for (const card of cards) {
                if (owner.has(card)) fail(`card ${cardName(card)} is in hand ${i + 1} and ${owner.get(card)}`, 'duplicate');
                owner.set(card, `hand ${i + 1}`);
            }
        });
        const omaha = sizes[0] >= 4 && sizes[0] <= 6 && boardCards.length >= 3;
        const total = sizes[0] + boardCards.length;
        if (!omaha && (total < 5 || total > 9)) { // Python's words (_showdown.py), naming the first hand
            fail(`hand 1 plays ${sizes[0]} + ${boardCards.length} board cards = ${total}; a hand needs 5 to 9 cards`, 'count');
        }
        const values = parsed.map((cards) => (omaha ? this.omahaEvaluate(cards, boardCards) : this.evaluate([...cards, ...boardCards])));
        const best = Math.min(...values);
        return values.flatMap((v, i) => (v === best ? [i] : []));
    }

    /**
     * All-in equity of 2 to 10 players, each a hand ('AcAd', [48, 49]; Omaha 4 to 6 cards) or a range
     * ('QQ+, AKs', 'random', or a parseRange() result). Options: board (0, 3, 4 or 5 cards), dead, exact,
     * samples, stderr, seed, force, omaha. Mode: samples, stderr or seed given => Monte Carlo; else exact when
     * the estimate is at most 2 s, otherwise 1,000,000 Monte Carlo samples with a fresh seed (reported).
     * exact: true refuses a run estimated over 60 s unless force: true. The estimate is the C core's native
     * one, as in Python, so JS, Pyodide and native Python pick the same mode; the same seed gives the same
     * result as Python's pokerhash.equity. Blocks until done: see equityAsync for long runs.
     */
    equity(players, options) {
        return runJob(holdemEquityJob(this, players, optionsObject(options, EQUITY_OPTIONS)));
    }

    /**
     * equity() in chunks of at most ~0.1 s, yielding to the event loop between them (run it in a Worker for
     * a page that never freezes). Options as equity(), plus signal (an AbortSignal: rejects with its reason
     * within one chunk) and onProgress(done, total) (work units or samples, after each chunk).
     */
    async equityAsync(players, allOptions) { // async: a bad argument rejects the promise, as a failed run does
        const { signal, onProgress, ...options } = optionsObject(allOptions, [...EQUITY_OPTIONS, ...ASYNC_OPTIONS]);
        return runJobAsync(guarded(() => holdemEquityJob(this, players, options)), { signal, onProgress });
    }

    /**
     * The cost estimate behind equity()'s mode: { seconds (this wasm engine on this host: nativeSeconds x
     * hostFactor()),
     * nativeSeconds (the C estimate for a native build, which picks the mode), exact (whether auto mode
     * enumerates) }. Options: board, dead, omaha.
     */
    equityEstimate(players, options) {
        return holdemEstimate(this, players, optionsObject(options, ESTIMATE_OPTIONS));
    }

    /**
     * Seconds of this wasm engine on this host per second of the native cost estimate (nativeSeconds): the
     * load's hostFactor option, else node's POKERHASH_HOST_FACTOR, else measured on first use (a fixed exact
     * job of ~3 ms, best of five) and kept. Estimates and results' estimatedSeconds are nativeSeconds times it.
     */
    hostFactor() {
        return hostFactor(this);
    }

    // ---- whole-deal analysis (analysis.mjs; docs/analysis.md) ----------------------------------------

    /**
     * Every hole pair free of the board (3, 4 or 5 cards) and the dead cards, against every opponent pair free of
     * them and of it: { holes (Uint8Array, 2 card ids a row, ascending), values (Uint16Array: the pair with the
     * board), wins, ties, losses (Float64Array: opponent pairs beaten, tied, lost to, summed over every runout of
     * a flop or turn), byCategory (Float64Array, [row][wins, ties, losses][opponent's final category 0..9]) }.
     * Rows in colex order of the pair, as Python's pokerhash.analysis.showdown, with the same numbers. Options:
     * dead.
     */
    showdown(board, options) {
        const { dead } = optionsObject(options, ['dead']);
        return showdown(this, board, dead);
    }

    /**
     * A hole pair's strength distribution on a flop: { hole, flop, runouts, strengths (Float64Array: per turn and
     * river, colex order of the two cards among those left, the hand strength (wins + ties / 2) / opponents against
     * every opponent pair) }. Their mean is the exact equity heads-up against one random hand.
     */
    strengthDistribution(hole, flop) {
        return runJob(guarded(() => strengthJob(this, hole, flop)));
    }

    /** strengthDistribution() in steps, with signal (an AbortSignal) and onProgress(done, total) (runouts). */
    async strengthDistributionAsync(hole, flop, options) {
        const { signal, onProgress } = optionsObject(options, ASYNC_OPTIONS);
        return runJobAsync(guarded(() => strengthJob(this, hole, flop)), { signal, onProgress });
    }

    /**
     * Ultimate Texas Hold'em solved exactly (standard Blind pays), as Python's analysis.ultimate_texas_holdem:
     * { preflop: { AKs: { action: 'raise4' | 'raise3' | 'check', ev: { check, raise3, raise4 } }, ... }, houseEdge,
     * deals, allow3x, dead }, EVs per hand in antes. Options: dead (cards out of play: removing whole ranks gives a
     * smaller exact game, seconds instead of about half a minute), allow3x (default true).
     */
    ultimateTexasHoldem(options) {
        const { dead, allow3x = true } = optionsObject(options, ['dead', 'allow3x']);
        return runJob(guarded(() => uthJob(this, this._optionCards(dead, 'dead'), allow3x)));
    }

    /** ultimateTexasHoldem() in chunks of flops, with signal and onProgress(done, total) (flops of 22,100). */
    async ultimateTexasHoldemAsync(options) {
        const { dead, allow3x = true, signal, onProgress } = optionsObject(options, ['dead', 'allow3x', ...ASYNC_OPTIONS]);
        return runJobAsync(guarded(() => uthJob(this, this._optionCards(dead, 'dead'), allow3x)), { signal, onProgress });
    }

    /**
     * A suit-isomorphic hand indexer for 1 to 8 rounds of cards ([2, 3, 1, 1] hold'em, [2, 5] the board as one
     * set, [4, 3, 1, 1] Omaha): index, indexAll, unindex, canonical, isCanonical and their batches
     * (isomorphism.mjs; the numbering of Python's pokerhash.HandIndexer).
     */
    handIndexer(rounds) {
        return new HandIndexer(this, rounds);
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
        [n, k] = checkNK(n, k);
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
        // a DataView has no elements to read: it is refused here, as everywhere cards are taken
        if (!Array.isArray(items) && !(ArrayBuffer.isView(items) && !(items instanceof DataView))) fail('items must be an array of integers', 'type');
        const k = boundedLength(items, 64, 'items'); // read once: a Proxy may answer differently each time
        [n] = checkNK(n, k);
        const at = this._scratch + AT_OUT;
        let low = 0;
        let high = 0;
        const array = Array.isArray(items);
        for (let i = 0; i < k; i++) {
            const item = numeric(array ? ownProperty(items, i) : items[i]); // a hole: not Array.prototype's
            if (!Number.isInteger(item)) fail('items must be an array of integers', 'type');
            if (item < 0 || item >= n) fail(`item ${item} outside 0..n-1 for n=${n}`, 'card');
            const bit = 1 << (item & 31);
            if ((item < 32 ? low : high) & bit) fail(`duplicate item ${item}`, 'duplicate');
            if (item < 32) low |= bit;
            else high |= bit;
            this._u8[at + i] = item;
        }
        const status = this._core._ph_combination_rank(at, k, n, orderCode, this._scratch + AT_U64);
        if (status !== 0) fail(`items do not form a ${k}-subset of 0..${n - 1}`, 'argument');
        return this._core.HEAPU64[(this._scratch + AT_U64) >> 3];
    }

    /** The k-subset of 0..n-1 at `index` (number or BigInt) in 'colex' or 'lex' order, ascending. */
    unrankCombination(index, k, n, order = 'colex') {
        const rank = u64(index, 'index');
        const orderCode = orderId(order);
        [n, k] = checkNK(n, k);
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
        [n, k] = checkNK(n, k);
        const [first, size] = this._range(n, k, start, count);
        if (size * BigInt(Math.max(k, 1)) > 1n << 30n) {
            fail(`${size} rows of ${k} do not fit in one array (at most 2**30 bytes); take them in chunks with start and count`, 'argument');
        }
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
        [n, k] = checkNK(n, k);
        const [first, size] = this._range(n, k, start, count);
        if (k === 0 && size > 0n) fail('k must be 1..n for masks, got 0', 'argument');
        if (size > 1n << 27n) {
            fail(`${size} masks do not fit in one array (at most 2**27); take them in chunks with start and count`, 'argument');
        }
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

    // ---- other games: short deck, lowball, hi-lo (games.mjs; docs/games.md) --------------------------

    /** A game's scale: { name, worst, noLow (the "no low" value or null), deck (card ids), categories }. */
    gameInfo(game) {
        return gameInfo(this._games(), game);
    }

    /** Value (1 = best) of the best five of 5 to 9 cards on the game's scale. */
    gameEvaluate(cards, game) {
        return gameEvaluate(this._games(), cards, game);
    }

    /** Values of n hands of k cards (a Uint8Array of n*k ids) on the game's scale, into `out` when given. */
    gameEvaluateBatch(cards, k, game, out) {
        return gameEvaluateBatch(this._games(), cards, k, game, out);
    }

    /** Value of exactly two of the 4 to 6 hole cards and three of the 3 to 5 board cards, on the game's scale. */
    gameOmahaEvaluate(hole, board, game) {
        return gameOmahaEvaluate(this._games(), hole, board, game);
    }

    /** Category index (0 = the game's best category) of a value. */
    gameCategory(value, game) {
        return gameCategory(this._games(), value, game);
    }

    /** The name of a value's category: "Flush", "Eight Low", "No Low". */
    gameCategoryName(value, game) {
        return gameCategoryName(this._games(), value, game);
    }

    /** "Flush: A-Q-9-8-7", "Eight Low: 8-6-4-2-A", "No Low" (hold'em: describe()'s text). */
    gameDescribe(value, game) {
        return gameDescribe(this._games(), value, game);
    }

    /** Value, category, description and best five cards (none for "no low") of one hand in a game. */
    gameAnalyze(cards, game) {
        return gameAnalyze(this._games(), cards, game);
    }

    /**
     * All-in equity in an equity game (EQUITY_GAMES): short deck hold'em, or Omaha hi-lo eight-or-better
     * with its split and quartered pots. Players are hands or ranges as in equity(); options as equity()'s
     * (the same mode rule, refusal and messages) plus `game` (required). The same seed gives the same result
     * as Python's pokerhash.games.equity.
     */
    gameEquity(players, options) {
        return runJob(gameEquityJob(this._games(), players, optionsObject(options, GAME_EQUITY_OPTIONS)));
    }

    /** gameEquity() in chunks, as equityAsync(): options signal and onProgress(done, total). */
    async gameEquityAsync(players, allOptions) { // async: a bad argument rejects the promise, as a failed run does
        const { signal, onProgress, ...options } = optionsObject(allOptions, [...GAME_EQUITY_OPTIONS, ...ASYNC_OPTIONS]);
        await this.loadGames(); // the first async call of a game may load them itself
        return runJobAsync(guarded(() => gameEquityJob(this._games(), players, options)), { signal, onProgress });
    }

    /** The cost estimate behind gameEquity()'s mode, as equityEstimate(). Options: game, board, dead. */
    gameEquityEstimate(players, options) {
        return gameEquityEstimate(this._games(), players, optionsObject(options, GAME_ESTIMATE_OPTIONS));
    }
}

// Every public method lets only a PokerHashError escape: a revoked Proxy, a getter or trap that throws, an engine
// error become one whose `cause` is the original (guarded). The async methods reject with the caller's own errors
// (onProgress's, the signal's reason), so they guard their argument checks themselves.
for (const name of Object.getOwnPropertyNames(PokerHash.prototype)) {
    const method = Object.getOwnPropertyDescriptor(PokerHash.prototype, name).value;
    if (name === 'constructor' || name.startsWith('_') || typeof method !== 'function' || method.constructor !== Function) continue;
    const checked = { // `arguments`, not a rest array and a closure: evaluate() is called millions of times
        [name]() {
            try {
                return method.apply(this, arguments); // eslint-disable-line prefer-rest-params
            } catch (error) {
                throw libraryError(error);
            }
        },
    }[name];
    Object.defineProperty(PokerHash.prototype, name, { value: checked, writable: true, configurable: true });
}

export default PokerHash;
