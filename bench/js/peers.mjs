// The npm evaluators we compare with, each through its fastest public entry point, fed hands already
// converted to its own card format (conversion is not timed).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rowsOf } from './hands.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const require = createRequire(path.join(webDir, 'package.json'));
const NAMES = Array.from({ length: 52 }, (_, id) => '23456789TJQKA'[id >> 2] + 'cdhs'[id & 3]);

/** phe 0.6.0: a JS port of PokerHandEvaluator; same value scale as ours. */
export function phe(cards, k) {
    const lib = require('phe');
    const codes = NAMES.map((name) => lib.cardCode(name[0], name[1]));
    const rows = rowsOf(cards, k, (id) => codes[id]);
    return {
        name: `phe ${require('phe/package.json').version}`,
        sameScale: true,
        run(out) {
            for (let i = 0; i < rows.length; i++) out[i] = lib.evaluateCardCodes(rows[i]);
        },
    };
}

/** poker-evaluator 2.1.1: the Two Plus Two lookup table (a 124 MB table file loaded at require time). */
export function pokerEvaluator(cards, k) {
    const lib = require('poker-evaluator');
    const { DECK } = require('poker-evaluator/lib/constants');
    const rows = rowsOf(cards, k, (id) => DECK[NAMES[id].toLowerCase()]);
    return {
        name: `poker-evaluator ${require('poker-evaluator/package.json').version}`,
        sameScale: false,
        run(out) {
            for (let i = 0; i < rows.length; i++) out[i] = lib.evalHand(rows[i]).value;
        },
    };
}
