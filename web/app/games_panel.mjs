// "More games": short deck, ace-to-five (razz), eight-or-better, deuce-to-seven, and Omaha hi-lo equity, from
// the JS library (its own instance, so the panel needs nothing from the rest of the page). The page loads it
// with one <script type="module"> line; it adds its section at the end of <main>.
import { EQUITY_GAMES, GAMES, PokerHash, cardName } from '../dist/pokerhash.mjs';

const LABELS = {
    holdem: "Hold'em (1..7462)",
    shortdeck: 'Short deck 6+ (1..1404)',
    shortdeck_triton: 'Short deck, trips > straight (1..1404)',
    ace_five: 'Ace-to-five low, razz (1..6175)',
    ace_five_8: 'Eight-or-better low (1..56, 57 = no low)',
    deuce_seven: 'Deuce-to-seven low (1..7462)',
};
const EQUITY_LABELS = {
    shortdeck: "Short deck hold'em", shortdeck_triton: 'Short deck, trips > straight', omaha_hilo8: 'Omaha hi-lo 8 or better',
};
const EXAMPLES = {
    holdem: 'As Ks Qh Jd Ts 9s 2c', shortdeck: 'Ah 7h 8h 9h Jh Ac Ad', shortdeck_triton: 'Ts 9d 8c 7h 6s Td Tc',
    ace_five: '8c 6d 4h 2s Ac Kd Kh', ace_five_8: '8c 6d 4h 2s Ac Kd Kh', deuce_seven: '7c 5c 4c 3c 2c 8d 9h',
};
const EQUITY_EXAMPLES = { shortdeck: ['AsAd; KsKh', ''], shortdeck_triton: ['AsKs; QhJh', ''], omaha_hilo8: ['As2s3dKd; Ah2hQcQd', '5c 7h 8d'] };

const html = `
<h2 id="games-title">More games</h2>
<p class="hint">Short deck, lowball and hi-lo from the same C core: each game has its own value scale, lower is better.</p>
<form id="games-form" class="row" autocomplete="off">
  <label for="games-game">Game</label>
  <select id="games-game">${GAMES.map((g) => `<option value="${g}">${LABELS[g]}</option>`).join('')}</select>
  <label for="games-hand" class="sr-only">Cards</label>
  <input id="games-hand" type="text" spellcheck="false" aria-describedby="games-error">
  <button type="submit">Evaluate</button>
</form>
<p id="games-error" class="error" role="alert" hidden></p>
<div id="games-result" class="result" aria-live="polite">
  <div class="value"><span class="label">value</span><output id="games-value">–</output></div>
  <div class="what">
    <div id="games-category" class="category">–</div>
    <div id="games-description" class="description"></div>
    <div class="best-row"><span class="label">best five</span><span id="games-best" class="mini-cards"></span></div>
  </div>
</div>
<form id="games-eq-form" autocomplete="off">
  <div class="row">
    <label for="games-eq-game">Equity</label>
    <select id="games-eq-game">${Object.keys(EQUITY_GAMES).map((g) => `<option value="${g}">${EQUITY_LABELS[g]}</option>`).join('')}</select>
  </div>
  <div class="row">
    <label for="games-eq-players">Hands</label>
    <input id="games-eq-players" type="text" spellcheck="false" placeholder="AsAd; KsKh" aria-describedby="games-eq-error">
  </div>
  <div class="row">
    <label for="games-eq-board">Board</label>
    <input id="games-eq-board" type="text" spellcheck="false" placeholder="preflop, or 3 to 5 cards">
    <button type="submit">Run</button>
  </div>
</form>
<p id="games-eq-error" class="error" role="alert" hidden></p>
<div class="table-wrap">
  <table id="games-eq-table">
    <thead><tr><th scope="col">#</th><th scope="col">Hand</th><th scope="col">Equity</th><th scope="col">High</th><th scope="col">Low</th><th scope="col">Scoop</th><th scope="col">Split</th><th scope="col">Lose</th></tr></thead>
    <tbody></tbody>
  </table>
</div>
<p id="games-eq-summary" class="engine-note"></p>
<details class="code"><summary>The same in Python</summary><pre id="games-code"><code></code></pre></details>`;

const $ = (id) => document.getElementById(id);
const count = (n) => Number(n).toLocaleString('en-US');
const percent = (x) => `${(100 * x).toFixed(3)}%`;
const quote = (s) => JSON.stringify(s);

function showError(id, message) {
    $(id).hidden = !message;
    $(id).textContent = message ?? '';
}

function miniCard(card) {
    const span = document.createElement('span');
    span.className = `mini${(card & 3) === 1 || (card & 3) === 2 ? ' red' : ''}`;
    span.textContent = cardName(card, { symbols: true });
    span.title = cardName(card);
    return span;
}

function evaluate(ph) {
    const game = $('games-game').value;
    const text = $('games-hand').value;
    $('games-code').textContent = `from pokerhash import games\n\nvalue = games.evaluate(${quote(text)}, game=${quote(game)})\n` +
        `games.describe(value, game=${quote(game)}), games.best_five(${quote(text)}, game=${quote(game)})`;
    try {
        const hand = ph.gameAnalyze(text, game);
        $('games-value').textContent = String(hand.value);
        $('games-category').textContent = hand.categoryName;
        $('games-description').textContent = hand.description;
        $('games-best').replaceChildren(...hand.bestFive.map(miniCard));
        $('games-result').classList.remove('stale');
        showError('games-error', null);
    } catch (e) {
        showError('games-error', e.message);
        $('games-result').classList.add('stale');
    }
}

function equity(ph) {
    const game = $('games-eq-game').value;
    const players = $('games-eq-players').value.split(/[;\n]/).map((s) => s.trim()).filter(Boolean);
    const board = $('games-eq-board').value;
    $('games-code').textContent = `from pokerhash import games\n\nprint(games.equity([${players.map(quote).join(', ')}], ` +
        `game=${quote(game)}, board=${quote(board)}))`;
    try {
        const r = ph.gameEquity(players, { game, board });
        const rows = r.players.map((p, i) => {
            const tr = document.createElement('tr');
            for (const text of [i + 1, p.hand, percent(p.equity), percent(p.highEquity), percent(p.lowEquity), count(p.win), count(p.tie), count(p.lose)]) {
                const td = document.createElement('td');
                td.textContent = String(text);
                tr.append(td);
            }
            return tr;
        });
        $('games-eq-table').tBodies[0].replaceChildren(...rows);
        const lows = EQUITY_GAMES[game][1] ? `, a qualifying low in ${percent(r.lowDeals / r.deals)} of them` : '';
        $('games-eq-summary').textContent = r.exact ? `exact: ${count(r.deals)} deals${lows}` :
            `Monte Carlo: ${count(r.deals)} samples, seed ${r.seed}${lows}`;
        showError('games-eq-error', null);
    } catch (e) {
        showError('games-eq-error', e.message);
    }
}

async function start() {
    const section = document.createElement('section');
    section.className = 'panel';
    section.id = 'games-panel';
    section.setAttribute('aria-labelledby', 'games-title');
    section.innerHTML = html;
    (document.querySelector('main') ?? document.body).append(section);
    const ph = await PokerHash.load();
    const pick = () => { $('games-hand').value = EXAMPLES[$('games-game').value]; evaluate(ph); };
    const pickEquity = () => { [$('games-eq-players').value, $('games-eq-board').value] = EQUITY_EXAMPLES[$('games-eq-game').value]; };
    $('games-game').addEventListener('change', pick);
    $('games-eq-game').addEventListener('change', pickEquity);
    $('games-form').addEventListener('submit', (e) => { e.preventDefault(); evaluate(ph); });
    $('games-eq-form').addEventListener('submit', (e) => { e.preventDefault(); equity(ph); });
    $('games-game').value = 'shortdeck';
    pick();
    pickEquity();
    window.pokerhashGames = { ready: true };
}

start();
