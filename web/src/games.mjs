// Other games in JS: short deck, ace-to-five (razz), eight-or-better, deuce-to-seven, and equity of short deck
// and Omaha hi-lo (docs/games.md). The same rules, scales and messages as Python's pokerhash.games: every
// ranking lives in the C core (ph_game_*); equity runs on the job machinery hold'em uses (equity_job.mjs).
import {
    AT_CARDS, AT_OUT, AT_TEXT, DECK_SIZE, PokerHashError, TEXT_CAP, cardName, fail, numeric, ownProperty, show,
    typeName,
} from './common.mjs';
import { GAME_TALLY, equityJob, equityOptions, estimateSpot, stderrs } from './equity_job.mjs';
import { boardAndDead, checkEnoughCards, checkedCombos, hostFactor, isParsedRange, labelOf, removeKnownCards } from './equity.mjs';
import { parseRangeText } from './ranges.mjs';

/** Game names in C id order (ph_game_name): each has its own value scale, 1 = best. */
export const GAMES = Object.freeze(['holdem', 'shortdeck', 'shortdeck_triton', 'ace_five', 'ace_five_8', 'deuce_seven']);
/** Equity games: [high game, low game or null, hole sizes]. */
export const EQUITY_GAMES = Object.freeze({
    shortdeck: Object.freeze(['shortdeck', null, Object.freeze([2])]),
    shortdeck_triton: Object.freeze(['shortdeck_triton', null, Object.freeze([2])]),
    omaha_hilo8: Object.freeze(['holdem', 'ace_five_8', Object.freeze([4, 5, 6])]),
});
const POT = 5040; // the engine's share unit is 1/5040 pot: half a pot splits 1..10 ways into whole units
const CHUNK_SECONDS = 0.1;
const ANY_HAND = new Set(['random', 'any', 'xx', '*']);

const HOLDEM = 1; // its deck is every card, so its cards need no deck check: the hold'em core has none

/** The core's id (1..) of a game name. */
export function gameId(game) {
    const id = GAMES.indexOf(game) + 1;
    if (!id) fail(`unknown game ${show(game)}; games: ${GAMES.join(', ')}`, 'argument');
    return id;
}

function deckOf(ph, id) {
    const mask = ph._core._ph_game_deck(id);
    const deck = [];
    for (let c = 0; c < DECK_SIZE; c++) if ((mask >> BigInt(c)) & 1n) deck.push(c);
    return deck;
}

/** A game's scale: { name, worst, noLow (the "no low" value or null), deck (card ids), categories }. */
export function gameInfo(ph, game) {
    const id = gameId(game);
    const core = ph._core;
    const categories = [];
    for (let i = 0; i < core._ph_game_category_count(id); i++) categories.push(ph._string(core._ph_game_category_name(id, i)));
    return { name: game, worst: core._ph_game_worst(id), noLow: core._ph_game_no_low(id) || null, deck: deckOf(ph, id), categories };
}

/**
 * Cards collected into scratch and checked against the game's deck ("card 5c is not in the short deck"); `name`
 * names a detached typed array.
 */
function gameCards(ph, id, cards, name = 'cards') {
    const count = ph._collect(cards, name);
    const problem = ph._scratch + AT_TEXT;
    if (id !== HOLDEM && ph._core._ph_game_check_cards(id, ph._scratch + AT_CARDS, count, problem, TEXT_CAP) !== 0) fail(ph._string(problem), 'card');
    return count;
}

function handCards(ph, id, cards) {
    const count = gameCards(ph, id, cards);
    if (count < 5 || count > 9) fail(`a hand needs 5 to 9 cards, got ${count}`, 'count');
    return count;
}

export function gameEvaluate(ph, cards, game) {
    const id = gameId(game);
    return ph._core._ph_game_evaluate(id, ph._scratch + AT_CARDS, handCards(ph, id, cards));
}

export function gameEvaluateBatch(ph, cards, k, game, out) {
    const id = gameId(game);
    return ph._evaluateRows(cards, k, out, (input, m, rowSize, output, badRow) => ph._core._ph_game_evaluate_batch(id, input, m, rowSize, output, badRow),
        (row, rowSize) => { // the core's message for the bad row: the card not in the deck
            const problem = ph._scratch + AT_TEXT;
            ph._core._ph_game_check_cards(id, row, rowSize, problem, TEXT_CAP);
            const text = ph._string(problem);
            return text.startsWith('card id') ? 'card id outside 0..51' : text;
        });
}

export function gameOmahaEvaluate(ph, hole, board, game) {
    const id = gameId(game);
    const cards = ph._scratch + AT_CARDS;
    const at = ph._scratch + AT_OUT; // the hole at `at`, the board at `at + 8`
    const holeCount = gameCards(ph, id, hole, 'hole');
    let heap = ph._u8;
    for (let i = 0; i < holeCount && i < 8; i++) heap[at + i] = heap[cards + i]; // (typed copyWithin is slower)
    const boardCount = gameCards(ph, id, board, 'board');
    if (holeCount < 4 || holeCount > 6) fail(`an Omaha hole needs 4 to 6 cards, got ${holeCount}`, 'count');
    if (boardCount < 3 || boardCount > 5) fail(`an Omaha board needs 3 to 5 cards, got ${boardCount}`, 'count');
    heap = ph._u8;
    for (let i = 0; i < holeCount; i++) { // the first hole card, in hole order, that the board holds too
        for (let j = 0; j < boardCount; j++) {
            if (heap[at + i] === heap[cards + j]) fail(`duplicate card ${cardName(heap[at + i])}`, 'duplicate');
        }
    }
    for (let j = 0; j < boardCount; j++) heap[at + 8 + j] = heap[cards + j];
    const value = id === HOLDEM ? ph._core._ph_omaha_evaluate(at, holeCount, at + 8, boardCount) // in the hold'em core
        : ph._core._ph_game_omaha_evaluate(id, at, holeCount, at + 8, boardCount);
    if (value < 0) ph._statusError(value);
    return value;
}

function checkValue(ph, id, value) {
    value = numeric(value);
    const worst = ph._core._ph_game_worst(id);
    if (!Number.isInteger(value) || value < 1 || value > worst) fail(`hand value ${show(value)} outside 1..${worst}`, 'argument');
    return value;
}

export function gameCategory(ph, value, game) {
    const id = gameId(game);
    return ph._core._ph_game_category(id, checkValue(ph, id, value));
}

export function gameCategoryName(ph, value, game) {
    return ph._string(ph._core._ph_game_category_name(gameId(game), gameCategory(ph, value, game)));
}

export function gameDescribe(ph, value, game) {
    const id = gameId(game);
    const at = ph._scratch + AT_OUT;
    ph._core._ph_game_describe(id, checkValue(ph, id, value), at, 64);
    return ph._string(at);
}

export function gameAnalyze(ph, cards, game) {
    const id = gameId(game);
    const count = handCards(ph, id, cards);
    const core = ph._core;
    const value = core._ph_game_best_five(id, ph._scratch + AT_CARDS, count, ph._scratch + AT_OUT);
    const bestFive = value === core._ph_game_no_low(id) ? [] : ph._cardsAt(AT_OUT, 5);
    const category = core._ph_game_category(id, value);
    return {
        value, category, categoryName: ph._string(core._ph_game_category_name(id, category)),
        description: gameDescribe(ph, value, game), bestFive,
    };
}

// ---- equity (Python's pokerhash.games.equity, step for step) -------------------------------------------------

/** ph_game_equity_* for a (high, low) pair: exact work cut as Python cuts it, batches of 16,384 samples. */
function gameEngine(high, low) {
    return {
        tally: GAME_TALLY,
        mcBatch: 1 << 14,
        searchDeal: true,
        overflow: 'more than 2**64-1 deals to enumerate',
        check: (core, spot, problem, cap) => core._ph_game_equity_check(high, low, spot, problem, cap),
        seconds: (core, spot, out) => core._ph_game_equity_exact_seconds(high, low, spot, out),
        units: (core, spot, out) => core._ph_game_equity_units(high, low, spot, out),
        exact: (core, spot, start, count, tally) => core._ph_game_equity_exact(high, low, spot, start, count, tally),
        sample: (core, spot, seed, first, count, tally) => core._ph_game_equity_sample(high, low, spot, seed, first, count, tally),
        chunks: (units, estimate) => Math.max(1, Math.min(Number(units), Math.max(16, Math.ceil(estimate / CHUNK_SECONDS)))),
    };
}

function equityGame(game) {
    if (typeof game !== 'string' || !Object.hasOwn(EQUITY_GAMES, game)) {
        fail(`unknown equity game ${show(game)}; equity games: ${Object.keys(EQUITY_GAMES).join(', ')}`, 'argument');
    }
    const [high, low, sizes] = EQUITY_GAMES[game];
    return { game, high: gameId(high), low: low ? gameId(low) : 0, sizes };
}

/** Card ids of a deck-checked argument; `what` prefixes the deck message ("board card 5c is not in ..."). */
function deckCards(ph, id, cards, what) {
    const ids = ph._optionCards(cards, what.trim() || 'cards');
    const problem = ph._scratch + AT_TEXT;
    ph._u8.set(ids, ph._scratch + AT_OUT);
    if (ph._core._ph_game_check_cards(id, ph._scratch + AT_OUT, ids.length, problem, TEXT_CAP) !== 0) {
        fail(`${what}${ph._string(problem)}`, 'card');
    }
    return ids;
}

function checkDeck(ph, id, combos) {
    for (const combo of combos) deckCards(ph, id, combo.cards, '');
}

/** One player in a game: a known hand, range text (hold'em notation; "random" is the game's deck), a parsed range. */
function gamePlayer(ph, spec, p, index) {
    const text = typeof p === 'string';
    if (!text && !isParsedRange(p) && !Array.isArray(p) && !ArrayBuffer.isView(p)) {
        fail(`player ${index + 1} must be a hand or a range, got ${typeName(p)}`, 'type');
    }
    let parsed;
    try {
        if (isParsedRange(p)) parsed = { label: labelOf(p), cards: null, combos: checkedCombos(p) };
        else if (!text || (!p.includes(',') && readsAsCards(ph, p))) parsed = knownHand(ph, spec, p);
        else parsed = { label: p.trim(), cards: null, combos: rangeCombos(ph, spec, p) };
        checkDeck(ph, spec.high, parsed.combos);
    } catch (e) {
        if (e instanceof PokerHashError) throw new PokerHashError(`player ${index + 1}: ${e.message}`, e.code);
        throw e;
    }
    if (!parsed.combos.length) fail(`player ${index + 1} has an empty range`, 'argument');
    const size = parsed.combos[0].cards.length;
    if (!spec.sizes.includes(size)) {
        const [first, last] = [spec.sizes[0], spec.sizes[spec.sizes.length - 1]];
        const want = spec.sizes.length < 3 ? spec.sizes.join(' or ') : `${first} to ${last}`;
        fail(`player ${index + 1}: ${spec.game} hands have ${want} cards, got ${size}`, 'count');
    }
    return parsed;
}

function readsAsCards(ph, text) {
    try {
        ph.parseCards(text);
        return true;
    } catch (e) {
        if (e instanceof PokerHashError) return false;
        throw e;
    }
}

/** A known hand: labelled in the order given, held as a combo of ascending ids (Python's Range of one hand). */
function knownHand(ph, spec, cards) {
    const ids = ph.parseCards(cards);
    deckCards(ph, spec.high, ids, '');
    if (ids.length !== 2 && (ids.length < 4 || ids.length > 6)) {
        fail(`a range holds hands of 2 (hold'em) or 4 to 6 (Omaha) cards, got ${ids.length}`, 'count');
    }
    const combo = { cards: [...ids].sort((a, b) => a - b), weight: 1 };
    return { label: ids.map((c) => cardName(c)).join(''), cards: ids, combos: [combo] };
}

/**
 * Hold'em range notation; in the short deck "random" (any, XX, *) is every two-card hand of its 36 cards: read,
 * as Python's games.parse_range reads it, with the cards outside the deck dead, so the combos come in the
 * parser's order and a seed draws the same holdings in both languages.
 */
function rangeCombos(ph, spec, text) {
    const outside = ((1n << BigInt(DECK_SIZE)) - 1n) & ~ph._core._ph_game_deck(spec.high);
    return parseRangeText(ph, text, ANY_HAND.has(text.trim().toLowerCase()) ? outside : 0n).combos;
}

function gameSpot(ph, spec, players, { board, dead } = {}) {
    if (!Array.isArray(players)) fail('players must be an array of hands or ranges, one per player', 'type');
    if (players.length < 2 || players.length > 10) fail(`equity needs 2 to 10 players, got ${players.length}`, 'count');
    const boardCards = deckCards(ph, spec.high, board, 'board ');
    const deadCards = deckCards(ph, spec.high, dead, 'dead ');
    const owner = boardAndDead(boardCards, deadCards);
    const parsed = Array.from({ length: players.length }, (_, i) => gamePlayer(ph, spec, ownProperty(players, i), i));
    const sizes = [...new Set(parsed.map((r) => r.combos[0].cards.length))].sort((a, b) => a - b);
    if (sizes.length > 1) fail(`all players must hold the same number of cards, got ${sizes.join(' and ')}`, 'count');
    const { holdings, weighted } = removeKnownCards(parsed, owner);
    checkEnoughCards(players.length, sizes[0], deadCards.length, deckOf(ph, spec.high).length);
    return {
        labels: parsed.map((r) => r.label), cards: parsed.map((r) => r.cards), holdings, weighted, size: sizes[0],
        board: boardCards, dead: deadCards,
    };
}

/** The result of gameEquity(): the same arithmetic as Python's GameEquityResult. */
function gameResult(ph, game, spot, total, run) {
    const n = total.deals;
    const integers = run.exact && !spot.weighted; // integers to the end: exactly rounded
    const errors = run.exact ? null : stderrs(total);
    const players = spot.labels.map((hand, p) => {
        const equity = integers ? total.share[p] / (POT * n) : total.weightedShare[p] / total.weight;
        const highEquity = integers ? total.highShare[p] / (POT * n) : total.weightedHighShare[p] / total.weight;
        const winRate = total.weightedWin[p] / total.weight;
        const tieRate = total.weightedTie[p] / total.weight;
        const out = {
            hand, cards: spot.cards[p], equity, highEquity, lowEquity: equity - highEquity,
            win: total.win[p], tie: total.tie[p], lose: total.lose[p], winRate, tieRate, loseRate: Math.max(0, 1 - winRate - tieRate),
        };
        if (!run.exact) out.stderr = errors ? errors[p] : null;
        return out;
    });
    const out = {
        game, exact: run.exact, deals: n, lowDeals: total.lowDeals, players, board: spot.board, dead: spot.dead,
        estimatedSeconds: run.nativeSeconds * hostFactor(ph), nativeSeconds: run.nativeSeconds, seconds: run.seconds,
    };
    if (!run.exact) out.seed = run.seed;
    return out;
}

/** gameEquity()'s job (equity_job.mjs drives it). */
export function gameEquityJob(ph, players, options = {}) {
    const spec = equityGame(options.game);
    const o = equityOptions(options);
    const spot = gameSpot(ph, spec, players, options);
    return equityJob(ph, gameEngine(spec.high, spec.low), spot, o, (total, run) => gameResult(ph, spec.game, spot, total, run));
}

export function gameEquityEstimate(ph, players, options = {}) {
    const spec = equityGame(options.game);
    return estimateSpot(ph, gameEngine(spec.high, spec.low), gameSpot(ph, spec, players, options), hostFactor(ph));
}
