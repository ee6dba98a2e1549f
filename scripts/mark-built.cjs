#!/usr/bin/env node
// Records when the last successful build finished (postbuild; read by ensure-built.cjs).
'use strict';
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, '.built'), `${new Date().toISOString()}\n`);
