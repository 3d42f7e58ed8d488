// Suit-isomorphic hand indexes in JS: the C core's indexer (core_c/src/isomorphism), the numbering Python's
// pokerhash.HandIndexer gives.
//
// The index rule: a round's indexes are numbers when its size is at most 2**53 (every hold'em and Omaha round:
// 2,428,287,420 and 389,802,959,832 hands at the river), else BigInts; batches give a Float64Array or a
// BigUint64Array by the same rule. Arguments may be a number or a BigInt either way.
import { AT_CARDS, AT_OUT, AT_SIZE, AT_U64, STATUS, fail, isInteger, numeric, optionsObject, show, typeName, viewLength } from './common.mjs';

const MAX_ROUNDS = 8;
const EXACT = 2n ** 53n;
const BATCH_ROWS = 1 << 16;
// Frees an indexer's C tables once its JS object is collected (free() does it at once).
const collected = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ core, at }) => core._ph_indexer_free(at))
    : null;

/** Numbers the hands dealt in rounds so that two hands share a number exactly when a suit renaming turns one
 * into the other: PokerHash.handIndexer(rounds). */
export class HandIndexer {
    constructor(ph, rounds) {
        if (!Array.isArray(rounds) && !(ArrayBuffer.isView(rounds) && !(rounds instanceof DataView))) {
            fail(`rounds must be an array of card counts, got ${typeName(rounds)}`, 'type');
        }
        const counts = Array.from(rounds, (count) => {
            const value = numeric(count);
            if (typeof value !== 'number' || !Number.isInteger(value)) fail(`a round's card count must be an integer, got ${show(count)}`, 'type');
            return value;
        });
        if (counts.length < 1 || counts.length > MAX_ROUNDS) fail(`rounds must have 1 to ${MAX_ROUNDS} rounds, got ${counts.length}`, 'count');
        counts.forEach((count, r) => {
            if (count < 1) fail(`round ${r} deals ${count} cards: every round deals at least one`, 'count');
        });
        const total = counts.reduce((a, b) => a + b, 0);
        if (total > 52) fail(`the rounds deal ${total} cards, more than the 52 of a deck`, 'count');
        this._ph = ph;
        this._rounds = Object.freeze(counts);
        this._totals = counts.map((_, r) => counts.slice(0, r + 1).reduce((a, b) => a + b, 0));
        const countsAt = ph._scratch + AT_OUT;
        ph._u8.set(counts, countsAt);
        const status = ph._core._ph_indexer_new(countsAt, counts.length, ph._scratch + AT_U64);
        if (status === STATUS.OVERFLOW) fail(`rounds [${counts.join(', ')}] have 2**64 canonical hands or more: no 64-bit index`, 'overflow');
        if (status !== 0) ph._statusError(status);
        this._at = ph._core.HEAPU32[(ph._scratch + AT_U64) >> 2];
        this._sizes = counts.map((_, r) => ph._core._ph_indexer_size(this._at, r));
        collected?.register(this, { core: ph._core, at: this._at }, this);
    }

    /** The cards of each round, as given. */
    get rounds() {
        return [...this._rounds];
    }

    /** Frees the C tables now (they are freed when the object is collected otherwise); later calls throw. */
    free() {
        if (this._at) {
            collected?.unregister(this);
            this._ph._core._ph_indexer_free(this._at);
            this._at = 0;
        }
    }

    /** The number of canonical hands once rounds 0..round are dealt (default: the last round). */
    size(round = -1) {
        return this._out(this._round(round), this._sizes[this._round(round)]);
    }

    /** The index of a hand: text ("AsKs Qh7c2d"), an array of ids and/or names, or a typed array of ids; the
     * cards of rounds 0..r in round order (any order inside a round), for any r. */
    index(cards) {
        const all = this.indexAll(cards);
        return all[all.length - 1];
    }

    /** Each round's index of a hand, in one pass. */
    indexAll(cards) {
        const round = this._hand(cards);
        const at = this._ph._batchBuffer(8 * MAX_ROUNDS);
        this._check(this._ph._core._ph_indexer_index(this._live(), this._ph._scratch + AT_CARDS, round + 1, at));
        const words = this._ph._core.HEAPU64.subarray(at >> 3, (at >> 3) + round + 1);
        return Array.from(words, (index, r) => this._out(r, index));
    }

    /** The canonical hand of an index of a round: card ids of rounds 0..round, each round ascending. */
    unindex(round, index) {
        const r = this._round(round);
        const value = this._index(r, index);
        const at = this._ph._scratch + AT_OUT;
        this._check(this._ph._core._ph_indexer_unindex(this._live(), r, value, at));
        return Array.from(this._ph._u8.subarray(at, at + this._totals[r]));
    }

    /** The canonical form of a hand: unindex of its index. */
    canonical(cards) {
        const round = this._hand(cards);
        return this.unindex(round, this.index(this._ph._cardsAt(AT_CARDS, this._totals[round])));
    }

    /** Whether a hand is its own canonical form (up to the order inside each round). */
    isCanonical(cards) {
        const round = this._hand(cards);
        const status = this._ph._core._ph_indexer_is_canonical(this._live(), this._ph._scratch + AT_CARDS, round + 1);
        this._check(status);
        return status === 1;
    }

    /**
     * Indexes of many hands: rows (a Uint8Array, k ids a row, k the cards of rounds 0..round) in, a Float64Array
     * or a BigUint64Array (the index rule) out. Options: round (default: the last), everyRound (each row's index
     * of every round 0..round, row after row).
     */
    indexBatch(rows, options) {
        const { round, everyRound } = optionsObject(options, ['round', 'everyRound']);
        const r = this._round(round ?? -1);
        const k = this._totals[r];
        const n = this._rows(rows, k);
        const width = everyRound ? r + 1 : 1;
        const out = this._sizes[r] > EXACT ? new BigUint64Array(n * width) : new Float64Array(n * width);
        const chunk = Math.min(Math.max(n, 1), BATCH_ROWS);
        const input = this._ph._batchBuffer(chunk * (k + 8 * width) + 8);
        const output = (input + chunk * k + 7) & ~7;
        for (let first = 0; first < n; first += chunk) {
            const m = Math.min(chunk, n - first);
            this._ph._u8.set(Uint8Array.prototype.subarray.call(rows, first * k, (first + m) * k), input);
            const status = this._ph._core._ph_indexer_index_batch(this._live(), input, m, r + 1, everyRound ? 1 : 0,
                output, this._ph._scratch + AT_SIZE);
            this._check(status, first);
            const words = this._ph._core.HEAPU64.subarray(output >> 3, (output >> 3) + m * width);
            if (out instanceof BigUint64Array) out.set(words, first * width);
            else for (let i = 0; i < m * width; i++) out[first * width + i] = Number(words[i]);
        }
        return out;
    }

    /** The canonical hands of many indexes of one round (an array or a typed array of numbers or BigInts): a
     * Uint8Array, the cards of rounds 0..round a row. */
    unindexBatch(round, indices) {
        const r = this._round(round);
        const k = this._totals[r];
        if (!Array.isArray(indices) && !(ArrayBuffer.isView(indices) && !(indices instanceof DataView))) {
            fail(`indices must be an array or a typed array of indexes, got ${typeName(indices)}`, 'type');
        }
        const n = Array.isArray(indices) ? indices.length : viewLength(indices, 'indices');
        const out = new Uint8Array(n * k);
        const chunk = Math.min(Math.max(n, 1), BATCH_ROWS);
        const input = this._ph._batchBuffer(chunk * (8 + k) + 8);
        for (let first = 0; first < n; first += chunk) {
            const m = Math.min(chunk, n - first);
            const words = this._ph._core.HEAPU64;
            for (let i = 0; i < m; i++) {
                const index = indices[first + i];
                if (!isInteger(index)) fail(`row ${first + i}: index must be an integer, got ${show(index)}`, 'type');
                if (BigInt(index) < 0n || BigInt(index) >= this._sizes[r]) fail(`row ${first + i}: index out of range`, 'range');
                words[(input >> 3) + i] = BigInt(index);
            }
            const status = this._ph._core._ph_indexer_unindex_batch(this._live(), r, input, m, input + 8 * m,
                this._ph._scratch + AT_SIZE);
            this._check(status, first);
            out.set(this._ph._u8.subarray(input + 8 * m, input + 8 * m + m * k), first * k);
        }
        return out;
    }

    /** Whether each row of a Uint8Array (k ids a row) is its own canonical form: a Uint8Array of 1 and 0. Options:
     * round (default: the last). */
    isCanonicalBatch(rows, options) {
        const { round } = optionsObject(options, ['round']);
        const r = this._round(round ?? -1);
        const k = this._totals[r];
        const n = this._rows(rows, k);
        const out = new Uint8Array(n);
        const chunk = Math.min(Math.max(n, 1), BATCH_ROWS);
        const input = this._ph._batchBuffer(chunk * (k + 1));
        for (let first = 0; first < n; first += chunk) {
            const m = Math.min(chunk, n - first);
            this._ph._u8.set(Uint8Array.prototype.subarray.call(rows, first * k, (first + m) * k), input);
            const status = this._ph._core._ph_indexer_is_canonical_batch(this._live(), input, m, r + 1, input + m * k,
                this._ph._scratch + AT_SIZE);
            this._check(status, first);
            out.set(this._ph._u8.subarray(input + m * k, input + m * k + m), first);
        }
        return out;
    }

    // ---- arguments and results --------------------------------------------------------------------------

    _live() {
        if (!this._at) fail('this hand indexer was freed', 'argument');
        return this._at;
    }

    _round(round) {
        const value = numeric(round);
        const count = this._rounds.length;
        if (typeof value !== 'number' || !Number.isInteger(value)) fail(`round must be an integer, got ${show(round)}`, 'type');
        if (value < -count || value >= count) fail(`round ${value} outside 0..${count - 1} (${count} rounds)`, 'range');
        return (value + count) % count;
    }

    _index(round, index) {
        if (!isInteger(index)) fail(`index must be an integer, got ${show(index)}`, 'type');
        const value = BigInt(index);
        const size = this._sizes[round];
        if (value < 0n || value >= size) fail(`index ${value} outside 0..${size - 1n} (round ${round})`, 'range');
        return value;
    }

    _out(round, index) {
        return this._sizes[round] > EXACT ? index : Number(index);
    }

    _expected() {
        const totals = this._totals.map(String);
        return totals.length === 1 ? totals[0] : `${totals.slice(0, -1).join(', ')} or ${totals[totals.length - 1]}`;
    }

    /** Collects a hand's cards into the scratch area; returns its last round. */
    _hand(cards) {
        const count = this._ph._collect(cards);
        const round = this._totals.indexOf(count);
        if (round < 0) fail(`expected ${this._expected()} cards (rounds [${this._rounds.join(', ')}]), got ${count}`, 'count');
        return round;
    }

    _rows(rows, k) {
        if (!(rows instanceof Uint8Array)) fail(`rows must be a Uint8Array, got ${typeName(rows)}`, 'type');
        const bytes = viewLength(rows, 'rows');
        if (bytes % k) fail(`rows hold ${bytes} bytes, not whole rows of ${k} cards`, 'argument');
        return bytes / k;
    }

    /** A core status as the library's error; a batch's bad row counted from `first`. */
    _check(status, first) {
        if (status >= 0) return;
        if (first === undefined) this._ph._statusError(status);
        const row = first + this._ph._sizeAt(AT_SIZE);
        if (status === STATUS.DUPLICATE) fail(`row ${row}: duplicate card`, 'duplicate');
        if (status === STATUS.CARD) fail(`row ${row}: card id outside 0..51`, 'card');
        if (status === STATUS.RANK) fail(`row ${row}: index out of range`, 'range');
        this._ph._statusError(status);
    }
}
