// Plays D. N. Hill's JSMinesweeper solver on boards given on stdin (one JSON object a line:
// {"id", "cols", "rows", "mines": [[row, col], ...], "start": [row, col]}) and writes one
// JSON line a board: {"id", "won", "ms", "guesses"}. This file is the project's own; it loads
// the solver's browser scripts from the JSMinesweeper copy whose path is its first argument
// (nothing is fetched, nothing of JSMinesweeper is kept here).
//
// Run: node bench/jsms_driver.js /path/to/JSMinesweeper < boards.jsonl
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");
const readline = require("readline");

const root = process.argv[2];
if (!root) {
    process.stderr.write("usage: node jsms_driver.js PATH_TO_JSMINESWEEPER < boards.jsonl\n");
    process.exit(2);
}
const FILES = [
    "Minesweeper/Utility/PrimeSieve.js",
    "Minesweeper/Utility/Binomial.js",
    "Minesweeper/Utility/Compression.js",
    "Minesweeper/client/Tile.js",
    "Minesweeper/client/Board.js",
    "Minesweeper/client/solver_probability_engine.js",
    "Minesweeper/client/Brute_force.js",
    "Minesweeper/client/BruteForceAnalysis.js",
    "Minesweeper/client/SolutionCounter.js",
    "Minesweeper/client/EfficiencyHelper.js",
    "Minesweeper/client/FiftyFiftyHelper.js",
    "Minesweeper/client/LongTermRiskHelper.js",
    "Minesweeper/client/MinesweeperGame.js",
    "Minesweeper/client/solver_main.js",
];

// The browser page's globals the solver scripts call, made quiet.
const sandbox = {
    console: { log() {}, error() {}, warn() {} },
    showMessage() {},
    oldrng: false,
    analysisMode: false,
    BOMB: 9,
    HIDDEN: 10,
    writeToConsole() {},
    setInterval() { return 0; },
    clearInterval() {},
    setTimeout,
    Date,
    Math,
    performance: { now: () => Number(process.hrtime.bigint()) / 1e6 },
};
vm.createContext(sandbox);
let source = "";
for (const file of FILES) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) {
        process.stderr.write(`JSMinesweeper file missing: ${full}\n`);
        process.exit(2);
    }
    source += fs.readFileSync(full, "utf8") + "\n;\n";
}
// Classes declared with `class` stay in the script's scope: hand the driver what it needs.
source += `
// what the page's start-up (main.js) sets up for the solver, as it does it
var binomialCache = new BinomialCache(5000, 500, new Binomial(65000, 500));
var board = null;  // the page's current board, which some helpers read
async function sleep(msec) { return new Promise(resolve => setTimeout(resolve, msec)); }
solver(null, null);  // the page's start-up call: it hands out the solution counter
this.__play = async function (spec) {
    const width = spec.cols, height = spec.rows;
    const array = [width, height, spec.mines.length];
    for (const [r, c] of spec.mines) { array.push(c, r); }
    const startIndex = spec.start[0] * width + spec.start[1];
    const game = new ServerGame(0, width, height, spec.mines.length, startIndex, 0, "zero");
    game.resetMinesUsingArray(array);
    game.startIndex = startIndex;
    board = new Board(0, width, height, spec.mines.length, 0, "zero");
    const options = { playStyle: PLAY_STYLE_NOFLAGS, verbose: false, advancedGuessing: true,
                      fullProbability: true, hardcore: false };
    let revealed = game.clickTile(game.getTile(startIndex));
    applyResults(board, revealed);
    let guesses = 0, loop = 0;
    while (revealed.header.status == IN_PLAY && loop++ < 10000) {
        const reply = await solver(board, options);
        const actions = reply.actions;
        for (let i = 0; i < actions.length; i++) {
            const action = actions[i];
            if (action.action == ACTION_CHORD || action.action == ACTION_FLAG) { continue; }
            if (i == 0 || action.prob == 1) {
                if (action.prob != 1) { guesses++; }
                revealed = game.clickTile(game.getTile(board.xy_to_index(action.x, action.y)));
                if (revealed.header.status != IN_PLAY) { break; }
                applyResults(board, revealed);
            }
            if (action.prob != 1) { break; }
        }
    }
    return { won: revealed.header.status == WON, guesses };
};
`;
vm.runInContext(source, sandbox, { filename: "jsminesweeper" });

async function main() {
    const lines = readline.createInterface({ input: process.stdin });
    for await (const line of lines) {
        if (!line.trim()) continue;
        const spec = JSON.parse(line);
        const began = process.cpuUsage();
        const result = await sandbox.__play(spec);
        const used = process.cpuUsage(began);
        const ms = (used.user + used.system) / 1000;
        process.stdout.write(JSON.stringify({ id: spec.id, won: result.won, ms, guesses: result.guesses }) + "\n");
    }
}
main();
