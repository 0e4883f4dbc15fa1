import { describe, expect, it } from 'vitest';
import { hostHeaderParts, isLoopbackHost } from '../src/loopback-host.js';

describe('isLoopbackHost', () => {
  it('reads this computer’s address however it is written', () => {
    for (const name of ['127.0.0.1', '127.0.0.2', '127.255.0.9', 'localhost', 'LocalHost', '::1', '[::1]']) expect(isLoopbackHost(name)).toBe(true);
  });

  it('does not take a name that only starts like it', () => {
    for (const name of ['127.evil.example', '127.0.0.1.evil.example', 'localhost.example.pe', '0.0.0.0', '192.168.1.10', '::', '[::2]', '']) {
      expect(isLoopbackHost(name)).toBe(false);
    }
  });
});

describe('hostHeaderParts', () => {
  it('splits a Host header into its name and port', () => {
    expect(hostHeaderParts('127.0.0.1:7480')).toEqual({ name: '127.0.0.1', port: 7480 });
    expect(hostHeaderParts('[::1]:7480')).toEqual({ name: '[::1]', port: 7480 });
    expect(hostHeaderParts('localhost')).toEqual({ name: 'localhost' });
  });

  it('refuses what is not a host and a port', () => {
    for (const host of ['::1', '127.0.0.1:', '127.0.0.1:80:80', 'a b:80', '[::1']) expect(hostHeaderParts(host)).toBeUndefined();
  });
});
