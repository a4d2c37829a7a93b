import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3TestServer = {
  /** The S3_* variables that make the app store its files there. */
  env: Record<string, string>;
  settings: {
    bucket: string;
    region: string;
    endpoint: string;
    forcePathStyle: boolean;
    accessKeyId: string;
    secretAccessKey: string;
  };
  close(): Promise<void>;
};

/**
 * A real S3-compatible HTTP server in this process (s3rver: the S3 REST API over a temporary
 * folder, signature V4 checked, multipart uploads), on a random loopback port, with one empty
 * bucket. The app talks to it with the AWS SDK exactly as it would to AWS or MinIO.
 */
export async function startS3Server(bucket = 'portal-archive'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own fixed credentials: it checks every request's signature against them.
  const settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_REGION: settings.region,
      S3_FORCE_PATH_STYLE: 'true',
    },
    settings,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
