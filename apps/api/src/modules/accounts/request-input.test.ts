import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../lib/redact.js';
import { requestLogSerializer } from '../../lib/request-log.js';

describe('secrets never reach logs or the audit trail through URLs', () => {
  it('redacts tokens in activation paths and secret query parameters, and nothing else', () => {
    expect(redactUrl('/api/v1/activation/AbC_123-xyz')).toBe('/api/v1/activation/[redacted]');
    expect(redactUrl('/api/v1/recovery/activation/AbC_123?x=1')).toBe('/api/v1/recovery/activation/[redacted]?x=1');
    expect(redactUrl('/api/v1/resetPassword?password=P@ss1&confirm_password=P@ss1&token=tok&lang=ar')).toBe(
      '/api/v1/resetPassword?password=[redacted]&confirm_password=[redacted]&token=[redacted]&lang=ar',
    );
    expect(redactUrl('/api/v1/forgot-password?email=a%40b.co')).toBe('/api/v1/forgot-password?email=a%40b.co');
    expect(redactUrl('/api/v1/users/12?page=2')).toBe('/api/v1/users/12?page=2');
  });

  it('the request log line carries the redacted URL', () => {
    const request = {
      method: 'POST',
      url: '/api/v1/resetPassword?token=secret-token',
      headers: {},
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 5555 },
    } as unknown as FastifyRequest;
    expect(requestLogSerializer(request)).toEqual({
      method: 'POST',
      url: '/api/v1/resetPassword?token=[redacted]',
      version: undefined,
      host: 'localhost',
      remoteAddress: '127.0.0.1',
      remotePort: 5555,
    });
  });
});
