import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateTestDatabase, onTestServer, testDatabaseUrl } from './database';

/**
 * vitest global setup: migrates one template database per run, which each test file
 * copies (`createMigratedTestDatabase`) instead of running every migration itself.
 * Named per run, so runs side by side on one server never share it.
 */
export default async function setup(project: TestProject) {
  const name = `pixpay_template_${randomBytes(6).toString('hex')}`;
  await onTestServer(`create database ${name}`);
  await migrateTestDatabase(testDatabaseUrl(name));
  project.provide('migratedTemplate', name);
  return () => onTestServer(`drop database if exists ${name} with (force)`);
}
