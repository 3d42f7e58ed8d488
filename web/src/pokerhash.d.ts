/**
 * pokerhash: exact poker hand evaluation (5 to 9 cards), card combinatorics, ranges and all-in equity in
 * WebAssembly. Card id = 4 * rank + suit (2c = 0 .. As = 51); hand value 1 (royal flush) .. 7462, lower is better.
 *
 * 64-bit rule: binomials, combination ranks and Monte Carlo seeds are `bigint`, always; arguments that may be
 * 64-bit accept `number | bigint`. Every other result is a `number`.
 */

/** Any typed array but DataView: what takes an array of integers takes one (floats must hold whole numbers). */
export type TypedIntegerArray = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array
    | Uint32Array | Float32Array | Float64Array | BigInt64Array | BigUint64Array;
/** A typed array of card ids (bigint arrays read as numbers). */
export type CardIdArray = TypedIntegerArray;
/** Integers as an array (numbers and/or bigints) or any typed array: combination items, quinary digits. */
export type Integers = ReadonlyArray<number | bigint> | TypedIntegerArray;
/** One card: its id (a number or a bigint) or its name ("As", "A♠", "10h"). */
export type Card = number | bigint | string;
/**
 * Card text ("As Ks Qs", "AsKs", "A♠ K♠"), an array of cards (ids and/or names; a name may hold several cards,
 * "AsKs"), or a typed array of card ids.
 */
export type Cards = string | ReadonlyArray<Card> | CardIdArray;
/** 'colex' (by largest element, = numeric order of bit masks) or 'lex' (by smallest element). */
export type Order = 'colex' | 'lex';
/** A 64-bit unsigned argument: a number (a safe integer) or a bigint. Results of that width are always bigint. */
export type U64 = number | bigint;

export type ErrorCode = 'type' | 'parse' | 'card' | 'duplicate' | 'count' | 'argument' | 'range' | 'overflow';

export declare const WORST_VALUE: 7462;
export declare const DECK_SIZE: 52;
/** The most Monte Carlo samples one equity run takes (10**12); more is refused up front. */
export declare const MAX_SAMPLES: number;
/** 'Royal Flush', 'Straight Flush', ..., 'High Card', indexed by category id 0..9. */
export declare const CATEGORY_NAMES: readonly string[];

/**
 * Thrown for every bad input; the message names the problem ("duplicate card As"). The only error a method
 * throws (the async ones reject with onProgress's own error or the signal's reason too): a revoked Proxy, a
 * getter that throws or a typed array whose buffer was transferred away is refused with one.
 */
export declare class PokerHashError extends Error {
    readonly code: ErrorCode;
    /**
     * The underlying error: PokerHash.load's (node's, fetch's, the engine's), or what reading an argument threw
     * (a revoked Proxy's TypeError, a getter's own error).
     */
    readonly cause?: unknown;
    constructor(message: string, code: ErrorCode, options?: { cause?: unknown });
}

export interface LoadOptions {
    /** Where pokerhash_core.wasm is; default: next to pokerhash.mjs. */
    wasmUrl?: string | URL;
    /** The wasm bytes themselves (bundlers, offline use). */
    wasmBinary?: ArrayBuffer | Uint8Array;
    /** Wasm seconds on this host per second of the native estimate, set instead of measured (hostFactor()). */
    hostFactor?: number;
    /** Also load the other games (loadGames()) before load() resolves; default false. */
    games?: boolean;
}

/** Where loadGames() finds pokerhash_games.wasm (default: next to pokerhash.mjs), or its bytes. */
export interface GamesLoadOptions {
    wasmUrl?: string | URL;
    wasmBinary?: ArrayBuffer | Uint8Array;
}

export interface HandAnalysis {
    value: number;
    /** 0 (royal flush) .. 9 (high card). */
    category: number;
    categoryName: string;
    /** "Nines Full over Fours", "Ace-High Flush", ... */
    description: string;
    /** The five card ids that make the value, in order of importance. */
    bestFive: number[];
}

/** One weighted combo of a range: ascending card ids (2 for hold'em, 4 to 6 for Omaha) and a weight > 0. */
export interface RangeCombo {
    cards: number[];
    weight: number;
}

/** A parsed range (parseRange): the tokens as read, joined by ", ", and the combos in order. */
export interface ParsedRange {
    text: string;
    /** Cards per combo: 2, 4, 5 or 6; 0 for an empty range. */
    handSize: number;
    combos: RangeCombo[];
}

/**
 * A range as a player takes it: a parseRange() result, or any object with its combos (checked as parsed text
 * is: ids 0..51, one size, weights finite and >= 0, 1 when left out); `text` labels the player. Own properties
 * only (an inherited combos, cards, weight or text is not read); a hole in an array is refused.
 */
export interface RangeInput {
    combos: ReadonlyArray<{ cards: ReadonlyArray<number | bigint> | CardIdArray; weight?: number | bigint }>;
    text?: string;
}

/** A player of equity(): a hand ("AcAd", [48, 49], "AhKhQdJd"), range text ("QQ+, AKs", "random") or a range object. */
export type Player = Cards | ParsedRange | RangeInput;

export interface EstimateOptions {
    /** 0, 3, 4 or 5 known board cards (null: none). */
    board?: Cards | null;
    /** Cards out of the deck (removed from every range; null: none). */
    dead?: Cards | null;
    /** true/false insists on Omaha/hold'em; detected from the hand size when omitted. */
    omaha?: boolean;
}

export interface EquityOptions extends EstimateOptions {
    /**
     * true enumerates every deal; false samples. Omitted: Monte Carlo when samples, stderr or seed is
     * given, else exact when estimated at most 2 s, else 1,000,000 Monte Carlo samples with a fresh seed.
     */
    exact?: boolean;
    /** Monte Carlo: stop after this many samples (default 1,000,000; 100,000,000 with only stderr; at most MAX_SAMPLES). */
    samples?: U64;
    /** Monte Carlo: stop once every player's standard error is at most this (checked every 65,536 samples). */
    stderr?: number;
    /** Monte Carlo seed below 2**64 (random when omitted, reported); the same seed gives Python's result. */
    seed?: U64;
    /** Run exact: true even when estimated over 60 s (refused otherwise, with the estimate). */
    force?: boolean;
}

/**
 * What `signal` takes: an AbortSignal of any realm (the page's, an iframe's) or any object that
 * behaves as one (a polyfill).
 */
export interface AbortSignalLike {
    readonly aborted: boolean;
    /** What the promise rejects with; an AbortError DOMException when a signal has none. */
    readonly reason?: unknown;
    addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
    removeEventListener(type: 'abort', listener: () => void): void;
}

/** The progress callback: work units (exact) or samples (Monte Carlo) done of total; may be async. */
export type ProgressCallback = (done: number, total: number) => unknown;

export interface AsyncJobOptions {
    /**
     * Aborting it rejects the promise with the signal's reason, as fetch() does (an AbortError DOMException
     * for abort(), a TimeoutError for AbortSignal.timeout(ms), the value given to abort(reason)), within one
     * chunk (about 0.1 s), or at once while an async onProgress is pending.
     */
    signal?: AbortSignalLike;
    /**
     * Called after each chunk. An async callback is awaited before the next chunk; a callback that throws,
     * or whose promise rejects, rejects the run with that error and stops it.
     */
    onProgress?: ProgressCallback;
}

export interface EquityAsyncOptions extends EquityOptions, AsyncJobOptions {}

export interface EquityPlayer {
    /** The hand as card names ("AcAd"), or the range text as given (trimmed). */
    hand: string;
    /** The hand's card ids; null for a range. */
    cards: number[] | null;
    /** Expected share of the pot, 0..1 (split pots shared; range weights applied). */
    equity: number;
    /** Raw counts of deals won outright, split and lost (exact: every board times every holding combination once; Monte Carlo: samples). */
    win: number;
    tie: number;
    lose: number;
    /** Weighted fractions of the deals won outright, split and lost (range weights applied); they sum to 1. */
    winRate: number;
    tieRate: number;
    loseRate: number;
    /** Monte Carlo only: the standard error of `equity`. */
    stderr?: number | null;
}

export interface EquityResult {
    exact: boolean;
    /** Deals counted (exact) or samples drawn (Monte Carlo). */
    deals: number;
    players: EquityPlayer[];
    board: number[];
    dead: number[];
    /** Monte Carlo only: the seed used. */
    seed?: bigint;
    /** Estimated seconds of exact enumeration in this (wasm) engine on this host: nativeSeconds times hostFactor(). */
    estimatedSeconds: number;
    /** The C core's estimate for a native single core, which picks the mode (as in Python). */
    nativeSeconds: number;
    /** Wall-clock seconds of the run. */
    seconds: number;
}

export interface EquityEstimate {
    /** Estimated seconds of exact enumeration in this (wasm) engine on this host: nativeSeconds times hostFactor(). */
    seconds: number;
    /** The C core's estimate for a native build (ph_equity_exact_seconds). */
    nativeSeconds: number;
    /** Whether equity() with no mode options would enumerate (nativeSeconds <= 2, the rule Python uses). */
    exact: boolean;
}

/**
 * Suit-isomorphic hand indexes (PokerHash.handIndexer): hands dealt in rounds numbered so that two hands share
 * a number exactly when a suit renaming turns one into the other. The index rule: a round's indexes are numbers
 * when its size is at most 2**53 (every hold'em and Omaha round), else BigInts; batches give a Float64Array or a
 * BigUint64Array by the same rule.
 */
export interface HandIndexer {
    /** The cards of each round, as given. */
    readonly rounds: number[];
    /** Canonical hands once rounds 0..round are dealt (default: the last). */
    size(round?: number): number | bigint;
    /** The index of a hand: the cards of rounds 0..r in round order (any order inside a round), for any r. */
    index(cards: Cards): number | bigint;
    /** Each round's index of a hand, in one pass. */
    indexAll(cards: Cards): Array<number | bigint>;
    /** The canonical hand of an index: card ids of rounds 0..round, each round ascending. */
    unindex(round: number, index: U64): number[];
    /** The canonical form of a hand (unindex of its index). */
    canonical(cards: Cards): number[];
    /** Whether a hand is its own canonical form. */
    isCanonical(cards: Cards): boolean;
    /** Indexes of rows of k card ids (k the cards of rounds 0..round); everyRound: each round's, row after row. */
    indexBatch(rows: Uint8Array, options?: { round?: number; everyRound?: boolean }): Float64Array | BigUint64Array;
    /** Canonical hands of many indexes of one round, row after row. */
    unindexBatch(round: number, indices: Integers): Uint8Array;
    /** 1 or 0 per row: whether it is its own canonical form. */
    isCanonicalBatch(rows: Uint8Array, options?: { round?: number }): Uint8Array;
    /** Frees the C tables now (otherwise when the object is collected); later calls throw. */
    free(): void;
}

/** "As" for 51, or "A♠" with { symbols: true }. */
export declare function cardName(card: U64, options?: { symbols?: boolean }): string;

/**
 * Every hole pair free of a board and the dead cards, with its showdown counts (PokerHash.showdown); n rows in
 * colex order of the pair, as Python's pokerhash.analysis.showdown. Counts are exact numbers (far below 2**53).
 */
/** A hole pair's strength on every turn and river of a flop (strengthDistribution). */
export interface StrengthDistribution {
    hole: number[];
    flop: number[];
    /** C(47, 2) = 1,081: every turn and river. */
    runouts: number;
    /** Per runout (colex order of the two cards among those left): (wins + ties / 2) / opponents, 0..1. */
    strengths: Float64Array;
}

/** One starting hand's best preflop play in Ultimate Texas Hold'em and each option's EV per hand, in antes. */
export interface UTHPreflopDecision {
    action: 'raise4' | 'raise3' | 'check';
    ev: { check: number; raise3: number; raise4: number };
}

export interface UTHResult {
    /** Starting hand ("AKs", "72o", "TT") -> its decision. */
    preflop: Record<string, UTHPreflopDecision>;
    /** The player's expected loss per Ante (negative: the player's edge). */
    houseEdge: number;
    deals: number;
    allow3x: boolean;
    dead: number[];
}

export interface UTHOptions {
    /** Cards out of play (removing whole ranks gives a smaller exact game). */
    dead?: Cards | null;
    /** Whether the 3x preflop raise is offered (default true). */
    allow3x?: boolean;
}

export interface Showdown {
    /** n*2 card ids: each pair's two cards, ascending. */
    holes: Uint8Array;
    /** n values (1..7462) of the pair with the board (5, 6 or 7 cards). */
    values: Uint16Array;
    /** n counts: opponent pairs beaten (on a flop or turn: summed over every runout). */
    wins: Float64Array;
    /** n counts: opponent pairs tied. */
    ties: Float64Array;
    /** n counts: opponent pairs lost to. */
    losses: Float64Array;
    /** n*3*10: wins, ties and losses of each row split by the opponent's final category (0 royal flush .. 9 high card). */
    byCategory: Float64Array;
}

export declare class PokerHash {
    /** Instantiates the WebAssembly core (in browsers, workers and node). */
    static load(options?: LoadOptions): Promise<PokerHash>;
    private constructor(core: unknown);

    /** The C core's version, "MAJOR.MINOR.PATCH". */
    readonly version: string;

    /** Card ids of text or an array of ids/names: 0..52 distinct cards. */
    parseCards(cards: Cards): number[];
    cardName(card: U64, options?: { symbols?: boolean }): string;

    /** Value 1..7462 of the best five of 5 to 9 cards. */
    evaluate(cards: Cards): number;
    evaluate(...cards: Card[]): number;
    /** Values of the n hands of k (5..9) cards stored row by row in `cards` (length n*k). */
    evaluateBatch(cards: Uint8Array, k: U64, out?: Uint16Array): Uint16Array;
    /** Category id 0..9 of a value. */
    category(value: U64): number;
    categoryName(value: U64): string;
    describe(value: U64): string;
    /** Ranks 0..12 (2..A) of the five cards behind a value, in order of importance. */
    valueRanks(value: U64): number[];
    /** The five card ids that make the value, in order of importance. */
    bestFive(cards: Cards): number[];
    bestFive(...cards: Card[]): number[];
    analyze(cards: Cards): HandAnalysis;
    analyze(...cards: Card[]): HandAnalysis;
    /** Counts per value (index = value, slot 0 unused) over k-card hands with colex ranks start..start+count-1. */
    valueHistogram(k: U64, start?: U64, count?: U64): Float64Array;
    /** q: 13 digits 0..4, numbers or bigints (an array, not a typed array). */
    quinaryHash(q: ReadonlyArray<number | bigint>, k: U64): number;
    /** Colex rank of a 1..7 card hand among C(52, len). */
    handIndex(cards: Cards): number;

    /** Omaha high value of exactly two of 4 to 6 hole cards and three of 3 to 5 board cards. */
    omahaEvaluate(hole: Cards, board: Cards): number;
    /**
     * Range notation, read by the same C parser as Python's pokerhash.parse_range. A text too long for the wasm
     * heap (its parse needing over 2**31 bytes) is refused up front, code 'argument'.
     */
    parseRange(text: string, options?: { dead?: Cards | null }): ParsedRange;
    /**
     * Indexes of the best hands at a showdown (several on a tie); Omaha for 4 to 6 hole cards with a board.
     * No board (omitted, undefined or null): whole 5 to 9 card hands.
     */
    winners(hands: ReadonlyArray<Cards>, board?: Cards | null): number[];
    /** Showdown counts of every hole pair on a board of 3, 4 or 5 cards against every other (whole-deal analysis). */
    showdown(board: Cards, options?: { dead?: Cards | null }): Showdown;
    /** A hole pair's river hand strength on every turn and river of a flop; their mean is its equity against one random hand. */
    strengthDistribution(hole: Cards, flop: Cards): StrengthDistribution;
    /** strengthDistribution() in steps, cancellable; onProgress counts runouts. */
    strengthDistributionAsync(hole: Cards, flop: Cards, options?: AsyncJobOptions): Promise<StrengthDistribution>;
    /** Ultimate Texas Hold'em solved exactly (standard Blind pays): the preflop strategy and house edge. */
    ultimateTexasHoldem(options?: UTHOptions): UTHResult;
    /** ultimateTexasHoldem() in chunks of flops (22,100), cancellable; about half a minute of wasm for the full deck. */
    ultimateTexasHoldemAsync(options?: UTHOptions & AsyncJobOptions): Promise<UTHResult>;
    /** A suit-isomorphic hand indexer for 1 to 8 rounds of cards ([2, 3, 1, 1] for hold'em, [4, 3, 1, 1] Omaha). */
    handIndexer(rounds: Integers): HandIndexer;
    /** All-in equity of 2 to 10 hands or ranges (hold'em, or Omaha with 4 to 6 cards), exact or Monte Carlo. */
    equity(players: ReadonlyArray<Player>, options?: EquityOptions): EquityResult;
    /** equity() in chunks, yielding to the event loop between them; cancellable with an AbortSignal. */
    equityAsync(players: ReadonlyArray<Player>, options?: EquityAsyncOptions): Promise<EquityResult>;
    /** The cost estimate that picks equity()'s mode. */
    equityEstimate(players: ReadonlyArray<Player>, options?: EstimateOptions): EquityEstimate;
    /** Wasm seconds on this host per second of the native estimate: set at load, POKERHASH_HOST_FACTOR in node, else measured once. */
    hostFactor(): number;

    /** Exact binomial coefficient (0n when k > n); throws when it exceeds 2**64 - 1. */
    comb(n: U64, k: U64): bigint;
    /** Rank of the k-subset `items` of 0..n-1 (n <= 64, k = items' length). */
    rankCombination(items: Integers, n: U64, order?: Order): bigint;
    unrankCombination(index: U64, k: U64, n: U64, order?: Order): number[];
    /** count rows of k ascending items (colex ranks start..start+count-1), row after row. */
    combinations(n: U64, k: U64, start?: U64, count?: U64): Uint8Array;
    combinationMasks(n: U64, k: U64, start?: U64, count?: U64): BigUint64Array;
}

// ---- other games: short deck, lowball, hi-lo (docs/games.md) ----
export type Game = 'holdem' | 'shortdeck' | 'shortdeck_triton' | 'ace_five' | 'ace_five_8' | 'deuce_seven';
export type EquityGame = 'shortdeck' | 'shortdeck_triton' | 'omaha_hilo8';
/** Game names in the C core's id order. */
export declare const GAMES: readonly Game[];
/** Equity games: [high game, low game (takes half the pot when someone qualifies) or null, hole sizes]. */
export declare const EQUITY_GAMES: Readonly<Record<EquityGame, readonly [Game, Game | null, readonly number[]]>>;

export interface GameInfo {
    name: Game;
    /** Values are 1..worst, lower is better. */
    worst: number;
    /** The value meaning "no qualifying low" (ace_five_8: 57), or null. */
    noLow: number | null;
    /** Card ids of the game's deck. */
    deck: number[];
    /** Category names, best first. */
    categories: string[];
}

export interface GameAnalysis {
    value: number;
    category: number;
    categoryName: string;
    description: string;
    /** The five card ids in order of importance; empty for "no low". */
    bestFive: number[];
}

export interface GameEstimateOptions {
    game: EquityGame;
    /** 0, 3, 4 or 5 known board cards, all in the game's deck (null: none). */
    board?: Cards | null;
    dead?: Cards | null;
}

export interface GameEquityOptions extends GameEstimateOptions {
    /** As equity()'s: the same mode rule, refusal over 60 s and messages. */
    exact?: boolean;
    /** Monte Carlo: stop after this many samples (default 1,000,000; 100,000,000 with only stderr; at most MAX_SAMPLES). */
    samples?: U64;
    /** Monte Carlo: stop once every player's standard error is at most this (checked every 16,384 samples). */
    stderr?: number;
    /** Monte Carlo seed below 2**64 (random when omitted, reported); the same seed gives Python's result. */
    seed?: U64;
    /** Run exact: true even when estimated over 60 s. */
    force?: boolean;
}

export interface GameEquityAsyncOptions extends GameEquityOptions, AsyncJobOptions {}

export interface GameEquityPlayer extends EquityPlayer {
    /** The part of `equity` won with the high hand, and with the low hand (equity = highEquity + lowEquity). */
    highEquity: number;
    lowEquity: number;
}

export interface GameEquityResult {
    game: EquityGame;
    exact: boolean;
    /** Deals counted (exact) or samples drawn (Monte Carlo). `win` counts scoops, `tie` split or quartered pots. */
    deals: number;
    /** Deals in which some player had a qualifying low. */
    lowDeals: number;
    players: GameEquityPlayer[];
    board: number[];
    dead: number[];
    /** Monte Carlo only: the seed used. */
    seed?: bigint;
    estimatedSeconds: number;
    nativeSeconds: number;
    seconds: number;
}

export interface PokerHash {
    /**
     * Loads the other games (short deck, lowball, hi-lo) from pokerhash_games.wasm: needed once before the game*
     * methods, which otherwise throw (gameEquityAsync loads them itself). Later calls share the first's promise.
     */
    loadGames(options?: GamesLoadOptions): Promise<void>;
    /** A game's scale, deck and categories. */
    gameInfo(game: Game): GameInfo;
    /** Value (1 = best) of the best five of 5 to 9 cards on the game's scale. */
    gameEvaluate(cards: Cards, game: Game): number;
    gameEvaluateBatch(cards: Uint8Array, k: U64, game: Game, out?: Uint16Array): Uint16Array;
    /** Exactly two of 4 to 6 hole cards and three of 3 to 5 board cards, on the game's scale. */
    gameOmahaEvaluate(hole: Cards, board: Cards, game: Game): number;
    gameCategory(value: U64, game: Game): number;
    gameCategoryName(value: U64, game: Game): string;
    gameDescribe(value: U64, game: Game): string;
    gameAnalyze(cards: Cards, game: Game): GameAnalysis;
    /** Short deck or Omaha hi-lo equity of 2 to 10 hands or ranges; split and quartered pots. */
    gameEquity(players: ReadonlyArray<Player>, options: GameEquityOptions): GameEquityResult;
    /** gameEquity() in chunks, yielding to the event loop between them; cancellable with an AbortSignal. */
    gameEquityAsync(players: ReadonlyArray<Player>, options: GameEquityAsyncOptions): Promise<GameEquityResult>;
    /** The cost estimate that picks gameEquity()'s mode. */
    gameEquityEstimate(players: ReadonlyArray<Player>, options: GameEstimateOptions): EquityEstimate;
}

export default PokerHash;
