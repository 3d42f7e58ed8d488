// The Analysis panel's pictures: a hand's strength distribution on a flop (SVG bars, decorative, with the same
// numbers in a table) and the Ultimate Texas Hold'em preflop strategy as a 13x13 table of starting hands, each
// cell coloured by its best play and darker for a lower EV, its play and EV written in it (colour is never the
// only carrier).
import { RANKS } from '../dist/common.mjs';
import { group, percent } from './format.mjs';

const SVG = 'http://www.w3.org/2000/svg';
export const STRENGTH_BANDS = 20; // 5% of strength each
const PLAYS = { raise4: '4x', raise3: '3x', check: 'check' };
const HUES = { raise4: 140, raise3: 210, check: 15 };

function svg(name, attributes) {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    return element;
}

/** Runouts per band of strength: band b holds strengths in [b/20, (b+1)/20), the last also 1. */
export function strengthBands(strengths) {
    const counts = new Array(STRENGTH_BANDS).fill(0);
    for (const s of strengths) counts[Math.min(STRENGTH_BANDS - 1, Math.floor(s * STRENGTH_BANDS))]++;
    return counts;
}

/** The strength chart and its table; returns the mean strength. */
export function showStrength(figure, { hole, flop, strengths, runouts }, names) {
    const counts = strengthBands(strengths);
    const mean = strengths.reduce((a, b) => a + b, 0) / runouts;
    const [width, height, left, right, bottom, top] = [560, 200, 24, 24, 26, 10];
    const span = width - left - right;
    const barWidth = span / STRENGTH_BANDS;
    const most = Math.max(...counts);
    const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-hidden': 'true', class: 'strength-svg' });
    counts.forEach((n, b) => {
        const h = most ? ((height - top - bottom) * n) / most : 0;
        chart.append(svg('rect', { x: left + b * barWidth + 1, y: height - bottom - h, width: barWidth - 2, height: h, class: 'strength-bar' }));
    });
    for (const at of [0, 0.25, 0.5, 0.75, 1]) {
        const tick = svg('text', { x: left + at * span, y: height - 8, 'text-anchor': 'middle', class: 'tick' });
        tick.textContent = `${100 * at}%`;
        chart.append(tick);
    }
    const meanX = left + mean * span;
    chart.append(svg('line', { x1: meanX, x2: meanX, y1: top, y2: height - bottom, class: 'mean' }));
    figure.querySelector('#strength-chart').replaceChildren(chart);
    figure.querySelector('#strength-table').tBodies[0].replaceChildren(...counts.map((n, b) => {
        const tr = document.createElement('tr');
        const band = document.createElement('th');
        band.scope = 'row';
        band.textContent = `${5 * b}–${5 * (b + 1)}%`;
        const cells = [group(n), percent(n / runouts, 1)].map((text) => {
            const td = document.createElement('td');
            td.textContent = text;
            return td;
        });
        tr.append(band, ...cells);
        return tr;
    }));
    figure.querySelector('#strength-caption').textContent = `${names.hole} on ${names.flop}: river hand strength over ` +
        `${group(runouts)} turns and rivers; mean ${percent(mean, 2)}, its equity against one random hand`;
    figure.hidden = false;
    return mean;
}

/** The starting hand of a cell of the 13x13 grid (row, column from the aces): pairs on the diagonal, suited above. */
export function cellHand(row, column) {
    const [a, b] = [RANKS[12 - row], RANKS[12 - column]];
    if (row === column) return a + a;
    return row < column ? `${a}${b}s` : `${b}${a}o`;
}

/** The strategy grid: a row per rank, a cell per starting hand with its play and EV, coloured by both. */
export function showUth(figure, { preflop, houseEdge, allow3x }) {
    const table = figure.querySelector('#uth-table');
    const evs = Object.values(preflop).map((d) => d.ev[d.action]);
    const [low, high] = [Math.min(...evs), Math.max(...evs)];
    const head = document.createElement('tr');
    head.append(document.createElement('td'), ...[...RANKS].reverse().map((rank) => {
        const th = document.createElement('th');
        th.scope = 'col';
        th.textContent = rank;
        return th;
    }));
    table.tHead.replaceChildren(head);
    table.tBodies[0].replaceChildren(...Array.from({ length: 13 }, (_, row) => {
        const tr = document.createElement('tr');
        const th = document.createElement('th');
        th.scope = 'row';
        th.textContent = RANKS[12 - row];
        tr.append(th);
        for (let column = 0; column < 13; column++) {
            const hand = cellHand(row, column);
            const td = document.createElement('td');
            const decision = preflop[hand];
            td.dataset.hand = hand;
            if (!decision) {
                td.className = 'none';
                td.textContent = '—';
                td.title = `${hand}: not in this deck`;
            } else {
                const ev = decision.ev[decision.action];
                const lightness = 14 + (16 * (ev - low)) / (high - low || 1); // 14%..30%: white text keeps its contrast
                td.className = `act-${decision.action}`;
                td.dataset.action = decision.action;
                td.style.background = `hsl(${HUES[decision.action]} 50% ${lightness.toFixed(1)}%)`;
                const name = document.createElement('b');
                name.textContent = hand;
                const play = document.createElement('span');
                play.textContent = `${PLAYS[decision.action]} ${ev >= 0 ? '+' : ''}${ev.toFixed(2)}`;
                td.append(name, play);
            }
            tr.append(td);
        }
        return tr;
    }));
    const edge = houseEdge >= 0 ? `house edge ${percent(houseEdge, 3)} of the Ante`
        : `the player's edge ${percent(-houseEdge, 3)} of the Ante: this deck favours the player`;
    figure.querySelector('#uth-caption').textContent = `Best preflop play and its EV per hand, in antes (${allow3x ? 'with' : 'without'} ` +
        `the 3x raise); ${edge}`;
    figure.hidden = false;
}
