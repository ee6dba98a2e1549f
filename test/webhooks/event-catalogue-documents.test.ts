import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE, type EventResource } from '../../src/domain/events/event-catalogue';
import { EVENT_LABELS } from '../../web/src/lib/labels/event-labels';

const root = join(__dirname, '..', '..');
const EVENT_NAME = /`([A-Z]+(?:_[A-Z]+)+)`/g;
const catalogue = (resource?: EventResource) => EVENT_CATALOGUE.filter((e) => !resource || e.resource === resource).map((e) => e.name).sort();
const namesIn = (text: string) => [...text.matchAll(EVENT_NAME)].map((m) => m[1]!);

/** The events column of the webhook guide's event table, row by row (first cell: the resource). */
function guideTable(): Map<string, string[]> {
  const guide = readFileSync(join(root, 'docs', 'integrate', 'webhooks.md'), 'utf8');
  const section = guide.split(/^## Events$/m)[1]!.split(/^## /m)[0]!;
  const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Resource'));
  return new Map(rows.map((row) => {
    const [resource, events] = row.split('|').slice(1, 3).map((c) => c.trim());
    return [/\(`([A-Z_]+)`\)/.exec(resource!)?.[1] ?? resource!.split(' ')[0]!.toUpperCase(), namesIn(events!)];
  }));
}

/** The event names each OpenAPI webhook's description opens with (the checked-in openapi.json). */
function openApiEvents(): Map<string, string[]> {
  const doc = JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8')) as { webhooks: Record<string, { post: { description: string } }> };
  return new Map(Object.entries(doc.webhooks).map(([name, w]) => [name, namesIn(w.post.description.split('\n\n')[0]!)]));
}

describe('the webhook document and the dashboard list exactly the event catalogue', () => {
  it("the guide's event table: every event once, under its resource", () => {
    const table = guideTable();
    expect([...table.keys()]).toEqual(['TRANSACTION', 'WITHDRAWAL', 'DISPUTE', 'RECURRENCE', 'SPLIT_SHARE', 'WEBHOOK']);
    for (const [resource, events] of table) expect(events.sort()).toEqual(catalogue(resource as EventResource));
  });

  it('the OpenAPI webhooks: each payload names the events of its resource', () => {
    const webhooks = openApiEvents();
    const byResource: Record<string, EventResource> = { transactionEvent: 'TRANSACTION', withdrawalEvent: 'WITHDRAWAL', disputeEvent: 'DISPUTE', recurrenceEvent: 'RECURRENCE', splitShareEvent: 'SPLIT_SHARE', webhookTest: 'WEBHOOK', webhookEndpointState: 'WEBHOOK' };
    expect([...webhooks.keys()].sort()).toEqual(Object.keys(byResource).sort());
    const named = new Map<EventResource, string[]>();
    for (const [name, events] of webhooks) named.set(byResource[name]!, [...(named.get(byResource[name]!) ?? []), ...events]);
    for (const [resource, events] of named) expect(events.sort()).toEqual(catalogue(resource));
  });

  it("the dashboard's event labels", () => {
    expect(Object.keys(EVENT_LABELS).sort()).toEqual(catalogue());
  });
});
