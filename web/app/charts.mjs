// Pictures: the hand-category histogram (a table whose rows carry their own bars, so screen readers get the
// numbers) and equity by street (an SVG line per player, with the same numbers in a table beside it).
import { CATEGORY_NAMES } from '../dist/pokerhash.mjs';
import { group, percent } from './format.mjs';

const SVG = 'http://www.w3.org/2000/svg';
const LINE_COLORS = ['#f2c14e', '#6fd08c', '#7cb7ff', '#ff9d7c', '#d9a3ff', '#ffe27a', '#7ce0e0', '#ffa3c4', '#c4d97c', '#ffffff'];

/** Fills the histogram table: one row per category, the share drawn as a bar on a log-free linear scale. */
export function showHistogram(table, { categories, total }) {
    const top = Math.max(...categories);
    table.tBodies[0].replaceChildren(...categories.map((n, c) => {
        const tr = document.createElement('tr');
        const name = document.createElement('th');
        name.scope = 'row';
        name.textContent = CATEGORY_NAMES[c];
        const hands = document.createElement('td');
        hands.textContent = group(n);
        const share = document.createElement('td');
        share.className = 'bar-cell';
        const bar = document.createElement('span');
        bar.className = 'hbar';
        bar.style.width = `${(60 * n) / top}%`; // the longest bar takes 60% of the cell, its label the rest
        bar.setAttribute('aria-hidden', 'true');
        const text = document.createElement('span');
        text.textContent = percent(n / total, 4);
        share.append(bar, text);
        tr.append(name, hands, share);
        return tr;
    }));
}

function svg(name, attributes) {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    return element;
}

/** Equity by street: an SVG chart (decorative: aria-hidden) and the table that says the same. */
export function showStreets(figure, { labels, streets }) {
    const width = 560;
    const height = 220;
    const left = 44;
    const right = 16;
    const top = 12;
    const bottom = 28;
    const x = (i) => left + (streets.length === 1 ? 0 : (i * (width - left - right)) / (streets.length - 1));
    const y = (e) => top + (1 - e) * (height - top - bottom);
    const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-hidden': 'true', class: 'streets-svg' });
    for (const e of [0, 0.25, 0.5, 0.75, 1]) {
        chart.append(svg('line', { x1: left, x2: width - right, y1: y(e), y2: y(e), class: 'grid' }));
        const tick = svg('text', { x: left - 6, y: y(e) + 4, 'text-anchor': 'end', class: 'tick' });
        tick.textContent = `${100 * e}%`;
        chart.append(tick);
    }
    streets.forEach((s, i) => {
        const tick = svg('text', { x: x(i), y: height - 8, 'text-anchor': 'middle', class: 'tick' });
        tick.textContent = s.street;
        chart.append(tick);
    });
    labels.forEach((_, p) => {
        const points = streets.map((s, i) => `${x(i)},${y(s.equity[p])}`).join(' ');
        chart.append(svg('polyline', { points, fill: 'none', stroke: LINE_COLORS[p % LINE_COLORS.length], 'stroke-width': 3 }));
        streets.forEach((s, i) => chart.append(svg('circle', { cx: x(i), cy: y(s.equity[p]), r: 4, fill: LINE_COLORS[p % LINE_COLORS.length] })));
    });
    figure.querySelector('#streets-chart').replaceChildren(chart);
    const table = figure.querySelector('#streets-table');
    const head = document.createElement('tr');
    head.append(...['Street', ...labels].map((text, i) => {
        const th = document.createElement('th');
        th.scope = 'col';
        th.textContent = text;
        if (i) th.style.borderBottom = `3px solid ${LINE_COLORS[(i - 1) % LINE_COLORS.length]}`;
        return th;
    }));
    table.tHead.replaceChildren(head);
    table.tBodies[0].replaceChildren(...streets.map((s) => {
        const tr = document.createElement('tr');
        const name = document.createElement('th');
        name.scope = 'row';
        name.textContent = `${s.street}${s.exact ? '' : ' (Monte Carlo)'}`;
        tr.append(name, ...s.equity.map((e) => {
            const td = document.createElement('td');
            td.textContent = percent(e, 2);
            return td;
        }));
        return tr;
    }));
    figure.hidden = false;
}
