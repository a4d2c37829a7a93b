/**
 * `bench:api --profile`: what one target's CPU profile of the server says, as CPU µs per request
 * by layer (a package, a file of the app, Node's internals, the garbage collector) and the
 * functions that cost most. Idle time is left out: the split is of the time spent working.
 */
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The layer a frame belongs to: a package, a source file of ours, Node itself, or V8's own work. */
export function layerOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node internals';
  const ours = url.match(/\/(apps\/api\/src|packages\/shared\/src|scripts)\/(.+)$/);
  if (ours) return `${ours[1] === 'apps/api/src' ? 'api' : ours[1]} ${ours[2]}`;
  return url;
}

export function summarizeProfile(file: string, requests: number, top = 12): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const layers = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of selfMicros) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busy += micros;
    const layer = layerOf(node.callFrame);
    layers.set(layer, (layers.get(layer) ?? 0) + micros);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${layer}:${node.callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const per = (micros: number) => (requests > 0 ? (micros / requests).toFixed(1) : '—');
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  const lines = [`  profile ${file}: ${per(busy)} µs of CPU per request (${requests} requests), by layer:`];
  for (const [layer, micros] of sorted(layers)) lines.push(`    ${per(micros).padStart(8)} µs  ${layer}`);
  lines.push('  costliest functions (self time):');
  for (const [name, micros] of sorted(functions)) lines.push(`    ${per(micros).padStart(8)} µs  ${name}`);
  return lines.join('\n');
}
