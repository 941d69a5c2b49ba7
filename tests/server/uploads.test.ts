import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import type { Database } from '../../src/server/db/database';
import { bufferSource, detectFileType } from '../../src/server/uploads/file-type';
import { openUpload } from '../../src/server/uploads/store';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';

const root = new URL('../..', import.meta.url).pathname;

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' + 'trailer<</Root 1 0 R>>\n%%EOF\n',
);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A ZIP of stored (uncompressed) entries, as small as a DOCX can be. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const docx = zip({
  '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
});

function form(file: Buffer | undefined, name: string, kind?: string): FormData {
  const body = new FormData();
  if (kind) body.append('kind', kind);
  if (file) body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

describe('file types by magic bytes', () => {
  it('tells documents and images apart, whatever they are called', async () => {
    const type = (bytes: Buffer) => detectFileType(bufferSource(bytes));
    expect(await type(pdf)).toBe('pdf');
    expect(await type(png)).toBe('png');
    expect(await type(docx)).toBe('docx');
    expect(await type(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(await type(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
    expect(await type(zip({ 'xl/workbook.xml': '<x/>', '[Content_Types].xml': '<x/>' }))).toBeUndefined();
    expect(await type(zip({ '[Content_Types].xml': '<x/>', 'word/styles.xml': '<x/>' }))).toBe('docx');
    // Without its central directory a DOCX is still recognised from its local headers.
    expect(await type(docx.subarray(0, docx.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))))).toBe('docx');
    expect(await type(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBeUndefined();
    expect(await type(Buffer.from(''))).toBeUndefined();
  });
});

describe.each(databaseKinds)('POST /api/uploads on %s', (kind) => {
  let app: Awaited<ReturnType<typeof startTestServer>>['app'];
  let db: Database;
  let dataDir: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, db, dataDir, close } = await startTestServer({ kind, site: false, config: { captcha: 'off' } }));
  });
  afterAll(() => close());

  const upload = (payload: FormData) => app.inject({ method: 'POST', url: '/api/uploads', payload });
  const storedFiles = () => (existsSync(join(dataDir, 'uploads')) ? readdirSync(join(dataDir, 'uploads')) : []);
  const rowCount = async () => Number(first(await db.query<{ n: string }>('select count(*) as n from uploads'), 'a count row').n);

  async function expectNothingStored(action: () => Promise<void>) {
    const [rows, files] = [await rowCount(), storedFiles()];
    await action();
    expect(await rowCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
  }

  it('accepts a PDF resume and keeps it under dataDir/uploads, outside the web root', async () => {
    const response = await upload(form(pdf, 'My Resume.pdf'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(String), name: 'My Resume.pdf', size: pdf.length, type: 'application/pdf' });

    const row = first(
      await db.query<{ kind: string; stored_name: string; size_bytes: number; submission_id: string | null }>(
        'select kind, stored_name, size_bytes, submission_id from uploads where id = $1',
        [body.id],
      ),
      'the stored upload',
    );
    expect(row).toMatchObject({ kind: 'resume', size_bytes: pdf.length, submission_id: null });
    const path = join(dataDir, 'uploads', row.stored_name);
    expect(statSync(path).size).toBe(pdf.length);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(row.stored_name).not.toContain('.pdf');
    for (const webRoot of ['dist', 'public']) expect(relative(join(root, webRoot), path).startsWith('..')).toBe(true);

    const opened = (await openUpload(db, dataDir, body.id))!;
    expect(opened).toMatchObject({ originalName: 'My Resume.pdf', mediaType: 'application/pdf', size: pdf.length });
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    expect(await openUpload(db, dataDir, 'not-a-uuid')).toBeUndefined();
  });

  it.each([
    ['a shell script', Buffer.from('#!/bin/sh\necho pwned\n')],
    ['a Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s named resume.pdf and stores nothing', async (_what, bytes) => {
    await expectNothingStored(async () => {
      const response = await upload(form(bytes, 'resume.pdf'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        errorBody('Please upload a PDF, DOC or DOCX file.', [{ field: 'file', message: 'Please upload a PDF, DOC or DOCX file.' }]),
      );
    });
  });

  it('accepts a DOCX, a ZIP with word/document.xml', async () => {
    const response = await upload(form(docx, 'cv.docx', 'resume'));
    expect(response.statusCode).toBe(201);
    expect(response.json().type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('refuses a 6 MB PDF and stores nothing', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(6 * 1024 * 1024)]);
    await expectNothingStored(async () => {
      const response = await upload(form(big, 'big.pdf'));
      expect([400, 413]).toContain(response.statusCode);
      expect(response.json()).toEqual(
        errorBody('The file is larger than 5 MB.', [{ field: 'file', message: 'The file is larger than 5 MB.' }]),
      );
    });
  });

  it('accepts a PDF of exactly 5 MB', async () => {
    const exact = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 - pdf.length)]);
    const response = await upload(form(exact, 'exact.pdf'));
    expect(response.statusCode).toBe(201);
    expect(response.json().size).toBe(5 * 1024 * 1024);
  });

  it('asks for a file when none or an empty one is sent', async () => {
    await expectNothingStored(async () => {
      for (const payload of [form(undefined, '', 'resume'), form(Buffer.alloc(0), 'empty.pdf')]) {
        const response = await upload(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(errorBody('Please choose a file.', [{ field: 'file', message: 'Please choose a file.' }]));
      }
      // Not multipart at all: refused before the route, as every change that is not the body it takes.
      const json = await app.inject({ method: 'POST', url: '/api/uploads', payload: { file: 'x' } });
      expect(json.statusCode).toBe(415);
    });
  });

  it('takes a PNG as a complaint image but not a PDF', async () => {
    const image = await upload(form(png, 'screenshot.png', 'complaint-image'));
    expect(image.statusCode).toBe(201);
    expect(image.json().type).toBe('image/png');
    const row = first(await db.query<{ kind: string }>('select kind from uploads where id = $1', [image.json().id]), 'the stored upload');
    expect(row.kind).toBe('complaint-image');

    await expectNothingStored(async () => {
      const response = await upload(form(pdf, 'screenshot.png', 'complaint-image'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        errorBody('Please upload a JPEG or PNG image.', [{ field: 'file', message: 'Please upload a JPEG or PNG image.' }]),
      );
      const unknown = await upload(form(pdf, 'x.pdf', 'passport'));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0].field).toBe('kind');
    });
  });

  it('lets a registration claim the upload once', async () => {
    const { id } = (await upload(form(pdf, 'resume.pdf'))).json();
    const register = () =>
      app.inject({
        method: 'POST',
        url: '/api/forms/visakhapatnam-registration',
        payload: {
          page: '/franchise/visakhapatnam',
          data: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', role: 'student', resume: id },
          captcha: 'x',
        },
      });
    const claim = await register();
    expect(claim.statusCode).toBe(201);
    const row = first(
      await db.query<{ submission_id: string }>('select submission_id from uploads where id = $1', [id]),
      'the stored upload',
    );
    expect(row.submission_id).toBe(claim.json().id);

    const again = await register();
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.map((e: { field: string }) => e.field)).toContain('resume');
    expect((await db.query('select id from submissions')).length).toBe(1);
  });

  it('answers 429 with Retry-After once a client sends too many uploads', async () => {
    // At most one minute boundary falls within these requests, so one window sees more than 20.
    let limited;
    for (let i = 0; i < 45 && !limited; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/uploads', payload: form(undefined, '', 'resume') });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited?.json().errors[0].message).toMatch(/Too many uploads/);
  });
});
