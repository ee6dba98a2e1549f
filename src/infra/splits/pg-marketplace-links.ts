import type { MarketplaceLink, MarketplaceLinkRepository, MarketplaceLinkView } from '../../domain/splits/marketplace-link.types';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

interface Row {
  id: string;
  marketplace_id: string;
  recipient_id: string;
  status: MarketplaceLink['status'];
  invited_at: Date;
  accepted_at: Date | null;
  ended_at: Date | null;
  ended_by: MarketplaceLink['endedBy'];
  updated_at: Date;
  marketplace_name?: string;
  recipient_name?: string;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const maybeDate = (v: Date | string | null): Date | null => (v === null ? null : date(v));

const linkOf = (r: Row): MarketplaceLink => ({
  id: r.id,
  marketplaceId: r.marketplace_id,
  recipientId: r.recipient_id,
  status: r.status,
  invitedAt: date(r.invited_at),
  acceptedAt: maybeDate(r.accepted_at),
  endedAt: maybeDate(r.ended_at),
  endedBy: r.ended_by,
  updatedAt: date(r.updated_at),
});

const viewOf = (r: Row): MarketplaceLinkView => ({ ...linkOf(r), marketplaceName: r.marketplace_name ?? '', recipientName: r.recipient_name ?? '' });

const VIEW = `select l.*, m.name as marketplace_name, r.name as recipient_name
  from marketplace_links l join sellers m on m.id = l.marketplace_id join sellers r on r.id = l.recipient_id`;

const UNIQUE_VIOLATION = '23505';

export class PgMarketplaceLinks implements MarketplaceLinkRepository {
  constructor(private readonly sql: Sql) {}

  async insert(l: MarketplaceLink): Promise<boolean> {
    try {
      await this.sql.query(
        `insert into marketplace_links (id, marketplace_id, recipient_id, status, invited_at, accepted_at, ended_at, ended_by, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [l.id, l.marketplaceId, l.recipientId, l.status, l.invitedAt, l.acceptedAt, l.endedAt, l.endedBy, l.updatedAt],
      );
      return true;
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw e;
    }
  }

  async lock(tx: Tx, id: string): Promise<MarketplaceLink | null> {
    const row = await this.sql.one<Row>('select * from marketplace_links where id = ? for update', [id], tx);
    return row ? linkOf(row) : null;
  }

  async update(tx: Tx, l: MarketplaceLink): Promise<void> {
    await this.sql.query('update marketplace_links set status = ?, accepted_at = ?, ended_at = ?, ended_by = ?, updated_at = ? where id = ?', [l.status, l.acceptedAt, l.endedAt, l.endedBy, l.updatedAt, l.id], tx);
  }

  async listFor(sellerId: string): Promise<MarketplaceLinkView[]> {
    const rows = await this.sql.query<Row>(`${VIEW} where l.marketplace_id = ? or l.recipient_id = ? order by l.invited_at desc, l.id desc limit 500`, [sellerId, sellerId]);
    return rows.map(viewOf);
  }

  async findView(id: string): Promise<MarketplaceLinkView | null> {
    const row = await this.sql.one<Row>(`${VIEW} where l.id = ?`, [id]);
    return row ? viewOf(row) : null;
  }

  async activeApprovedRecipients(marketplaceId: string, recipientIds: readonly string[]): Promise<Set<string>> {
    if (recipientIds.length === 0) return new Set();
    const rows = await this.sql.query<{ recipient_id: string }>(
      `select l.recipient_id from marketplace_links l join sellers s on s.id = l.recipient_id
        where l.marketplace_id = ? and l.status = 'ACTIVE' and s.kyc_status = 'APPROVED' and l.recipient_id = any(?::text[])`,
      [marketplaceId, recipientIds],
    );
    return new Set(rows.map((r) => r.recipient_id));
  }
}
