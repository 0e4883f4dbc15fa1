import { beforeEach } from 'vitest';
import { checkWatchedPages } from './page-frames.js';

// Set up for every test file (vitest.config.ts): before each test, every page a browser test opened must still draw
// frames, so that a page Chromium stopped drawing fails the next test at once, with Chromium's log, instead of each
// click waiting 30 s for an element to be «stable».
beforeEach(() => checkWatchedPages());
