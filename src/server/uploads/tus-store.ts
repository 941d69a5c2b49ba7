import { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Queryable } from '../db/database';

/** What arrives is written in pieces of about this size, so a dropped connection keeps what reached the server. */
const PIECE_BYTES = 64 * 1024;
/** Pieces read back per query when a finished upload is checked. */
const PIECES_PER_READ = 16;

interface TusUploadRow {
  size_bytes: string | number;
  offset_bytes: string | number;
  metadata: Record<string, string | null>;
  created_at: Date | string;
}

/**
 * tus uploads in flight, in the database (tus_uploads and tus_upload_parts): every process sharing it can take the
 * next chunk of an upload another process started. A piece is stored only if the upload's offset is still where the
 * piece starts, so two processes writing the same upload at once cannot interleave bytes.
 */
export class DatabaseTusStore extends DataStore {
  constructor(
    private readonly db: Queryable,
    /** Unfinished uploads older than this are gone (expiration extension). */
    private readonly lifetimeMs: number,
    /** Who started an upload, for the quotas: told by the creation request, which the store is not given. */
    private readonly senderOf: (id: string) => string = () => '',
  ) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date = new Date().toISOString();
    await this.db.query('insert into tus_uploads (id, size_bytes, metadata, created_at, client_ip) values ($1, $2, $3::jsonb, $4, $5)', [
      upload.id,
      upload.size,
      JSON.stringify(upload.metadata ?? {}),
      upload.creation_date,
      this.senderOf(upload.id),
    ]);
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.query<TusUploadRow>(
      'select size_bytes, offset_bytes, metadata, created_at from tus_uploads where id = $1',
      [id],
    );
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: Number(row.size_bytes),
      offset: Number(row.offset_bytes),
      metadata: row.metadata,
      creation_date: new Date(row.created_at).toISOString(),
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let at = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const piece = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const [stored] = await this.db.query(
        `with moved as (update tus_uploads set offset_bytes = offset_bytes + $3 where id = $1 and offset_bytes = $2 returning id)
         insert into tus_upload_parts (upload_id, start_offset, data) select id, $2, $4 from moved returning upload_id`,
        [id, at, piece.length, piece],
      );
      if (!stored) throw ERRORS.INVALID_OFFSET; // another request moved the upload on, or it was cancelled
      at += piece.length;
    };
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PIECE_BYTES) await flush();
      }
    } catch (error) {
      // The connection dropped: keep what arrived, so HEAD tells the client where to go on.
      await flush().catch(() => undefined);
      throw error;
    }
    await flush();
    return at;
  }

  override async remove(id: string): Promise<void> {
    const removed = await this.db.query('delete from tus_uploads where id = $1 returning id', [id]);
    if (removed.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  override getExpiration(): number {
    return this.lifetimeMs;
  }

  override async deleteExpired(): Promise<number> {
    const removed = await this.db.query(
      `delete from tus_uploads where created_at < now() - $1::double precision * interval '1 millisecond' returning id`,
      [this.lifetimeMs],
    );
    return removed.length;
  }

  /** The bytes received so far, in order, a few pieces per query. */
  read(id: string): Readable {
    const db = this.db;
    return Readable.from(
      (async function* () {
        for (let next = 0; ;) {
          const rows = await db.query<{ start_offset: string | number; data: Uint8Array }>(
            `select start_offset, data from tus_upload_parts where upload_id = $1 and start_offset >= $2 order by start_offset limit ${PIECES_PER_READ}`,
            [id, next],
          );
          if (rows.length === 0) return;
          for (const row of rows) {
            yield Buffer.from(row.data);
            next = Number(row.start_offset) + row.data.length;
          }
        }
      })(),
    );
  }
}
