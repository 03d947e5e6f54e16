import { Transform, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from './errors';
import { assertSafeKey, MSG_STORAGE_FULL, MSG_STORAGE_UNAVAILABLE, type Storage, type StoredEntry } from './storage';

export type S3StorageOptions = {
  bucket: string;
  /** An S3-compatible server's address (MinIO, Ceph, Garage…); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path (`http://host/bucket/key`) instead of the host name: most self-hosted servers want it. */
  forcePathStyle: boolean;
};

/**
 * The upload is sent in parts of this size, at most this many in flight: what one upload holds
 * in memory is bounded by about partSize × (queueSize + 1), whatever the file's size. 5 MiB is
 * S3's smallest part; a body shorter than one part goes as one PutObject (no multipart upload).
 */
export const S3_PART_SIZE = 5 * 1024 * 1024;
export const S3_QUEUE_SIZE = 1;
/** How long readiness waits for the bucket to answer. */
const CHECK_TIMEOUT_MS = 2_000;

/** Codes some S3-compatible servers give for a full disk or quota (AWS has none: it does not fill up). */
const FULL_CODES = new Set(['QuotaExceeded', 'XMinioStorageFull', 'InsufficientStorage']);

/** The object (or upload) is not there; a missing bucket (`NoSuchBucket`) is a failing store instead. */
const isNotFound = (error: unknown) => {
  const name = (error as { name?: string } | undefined)?.name;
  // HEAD answers carry no body, so a HeadObject 404 is `NotFound` whatever was missing.
  return name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchUpload';
};

/** A file that is not there: the same error the disk driver gives (`ENOENT`), so callers answer 404 on both. */
const missing = (key: string, cause: unknown) => Object.assign(new Error(`no stored file ${key}`, { cause }), { code: 'ENOENT' });

/** A failure of the object store (refused, unreachable, denied, 5xx) as the answer the office understands. */
export function s3StorageError(error: unknown): AppError {
  const code = error instanceof S3ServiceException ? error.name : (error as { Code?: string } | undefined)?.Code;
  if (code && FULL_CODES.has(code)) return new AppError(507, MSG_STORAGE_FULL, 'storage_full', undefined, error);
  return new AppError(503, MSG_STORAGE_UNAVAILABLE, 'storage_unwritable', undefined, error);
}

/**
 * Documents in an S3 bucket (docs/decisions/045-s3-document-storage.md), with the disk driver's
 * behaviour: the same keys, an object visible only once complete (a multipart upload is invisible
 * until completed, and aborted when its body fails), streams both ways, and half-written uploads
 * (multipart uploads never completed) listed for the orphan sweeper.
 */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // A silent server must not hold a request forever: 2 s to connect, 30 s without a byte.
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 30_000 },
    // Checksums only where S3 requires them: several S3-compatible servers reject the newer
    // default trailers; the transport is still checked by Content-MD5/SigV4 where it applies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  async function latestActivity(key: string, uploadId: string, initiated: number): Promise<number> {
    // An upload still sending parts is alive however long ago it began: its age is its last part's.
    let latest = initiated;
    try {
      const parts = await client.send(new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, MaxParts: 1000 }));
      for (const part of parts.Parts ?? []) latest = Math.max(latest, part.LastModified?.getTime() ?? 0);
    } catch (error) {
      if (!isNotFound(error)) throw error; // completed or aborted meanwhile: its own age is as good
    }
    return latest;
  }

  return {
    client,
    async put(key, body) {
      assertSafeKey(key);
      let size = 0;
      let bodyError: unknown = null;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // The body's own failure (too large, wrong content, the client gone) must reach the caller
      // as it is; only the store's failures become 503/507.
      body.once('error', (error) => {
        bodyError = error;
        counted.destroy(error);
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body.pipe(counted) },
        partSize: S3_PART_SIZE,
        queueSize: S3_QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (bodyError) throw bodyError;
        // The store failed: the rest of the body is not read (as the disk driver's pipeline does).
        body.unpipe(counted);
        body.destroy();
        throw s3StorageError(error);
      }
      return size;
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw missing(key, error);
        throw s3StorageError(error);
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async removeEntry(entry) {
      if (!entry.isPartial) return this.remove(entry.key);
      assertSafeKey(entry.key);
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: entry.key, UploadId: entry.uploadId })).catch((error: unknown) => {
        if (!isNotFound(error)) throw error;
      });
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw s3StorageError(error);
      }
    },
    async check() {
      // Readiness of an object store: the bucket answers (with these credentials). A bucket has no
      // free space to report; a full self-hosted store shows up as 507 on the upload itself.
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
        return { writable: true, freeBytes: null };
      } catch {
        return { writable: false, freeBytes: null, reachable: false };
      }
    },
    async *list() {
      for await (const entry of this.entries()) if (!entry.isPartial) yield entry.key;
    },
    async *entries(): AsyncIterable<StoredEntry> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0, isPartial: false };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);

      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId) continue;
          const modifiedMs = await latestActivity(upload.Key, upload.UploadId, upload.Initiated?.getTime() ?? 0);
          yield { key: upload.Key, modifiedMs, isPartial: true, uploadId: upload.UploadId };
        }
        const more = page.IsTruncated === true;
        KeyMarker = more ? page.NextKeyMarker : undefined;
        UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
    },
    close() {
      client.destroy();
    },
  };
}
