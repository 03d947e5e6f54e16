import path from 'node:path';
import type { S3 } from '@aws-sdk/client-s3';
import { ERRORS, type DataStore } from '@tus/server';
import type { Config } from '../../config';

/** Where each store keeps the uploads: its own folder beside DATA_DIR/files, or its own prefix in the bucket. */
export const SUBIDAS_DIR = 'subidas';
export const S3_PREFIX = 'subidas/';

export type SubidasStore = {
  datastore: DataStore;
  /** Prepended to the URL's id to name the upload in the store (the bucket's prefix). */
  prefix: string;
  /** Removes an upload, finished or not, and its info; one already gone is fine. */
  remove: (id: string) => Promise<void>;
  close?: () => void;
};

const isGone = (error: unknown) => error === ERRORS.FILE_NOT_FOUND || error === ERRORS.FILE_NO_LONGER_EXISTS;

/**
 * The tus store of the app's storage (docs/decisions/089): @tus/file-store under DATA_DIR/subidas
 * on disk; @tus/s3-store in the documents' bucket, with the same settings, under `subidas/`, so any
 * node behind the balancer resumes what another began. The expiry only dates the uploads
 * (Upload-Expires, 410 past it): removing them is the app's sweep, never the store's
 * `deleteExpired`, which on S3 would abort every multipart upload of a shared bucket.
 */
export async function openSubidasStore(config: Config, expirationMs: number): Promise<SubidasStore> {
  if (config.STORAGE !== 's3') {
    const { FileStore } = await import('@tus/file-store');
    const datastore = new FileStore({ directory: path.join(config.dataDir, SUBIDAS_DIR), expirationPeriodInMilliseconds: expirationMs });
    return {
      datastore,
      prefix: '',
      remove: (id) =>
        datastore.remove(id).catch((error: unknown) => {
          if (!isGone(error)) throw error;
        }),
    };
  }
  const { S3Store } = await import('@tus/s3-store');
  const store = new S3Store({
    expirationPeriodInMilliseconds: expirationMs,
    useTags: false,
    s3ClientConfig: {
      bucket: config.S3_BUCKET!,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 30_000 },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  const client = (store as unknown as { client: S3 }).client;
  return {
    datastore: store,
    prefix: S3_PREFIX,
    // S3Store.remove aborts the multipart upload first, and a finished one has none: it then gives
    // up before deleting the object. Whatever it left, the object, its info and a pending part go here.
    async remove(id) {
      await store.remove(id).catch((error: unknown) => {
        if (!isGone(error)) throw error;
      });
      await client.deleteObjects({ Bucket: config.S3_BUCKET!, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true } });
    },
    close: () => client.destroy(),
  };
}
