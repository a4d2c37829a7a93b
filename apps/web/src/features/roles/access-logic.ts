import { PERMISSIONS, type Permission } from '@portal/shared/permissions';

/** Keeps the catalogue's order (packages/shared/src/permissions.ts), whatever order the input had. */
export function inCatalogueOrder(permissions: Iterable<Permission>): Permission[] {
  const set = new Set(permissions);
  return PERMISSIONS.filter((p) => set.has(p));
}

/** Everything the chosen roles give, from each role's detail (GET /roles/:id). */
export function permissionsFromRoles(
  roleIds: readonly number[],
  details: ReadonlyMap<number, readonly Permission[]>,
): Set<Permission> {
  const result = new Set<Permission>();
  for (const id of roleIds) for (const p of details.get(id) ?? []) result.add(p);
  return result;
}

/**
 * SPEC §6: permissions a chosen role already gives are shown checked and cannot be
 * changed; only the extra ones are stored as the user's direct permissions.
 */
export function directPermissionsToSend(
  checked: Iterable<Permission>,
  fromRoles: ReadonlySet<Permission>,
): Permission[] {
  return inCatalogueOrder([...checked].filter((p) => !fromRoles.has(p)));
}

/** What the picker shows checked: the roles' permissions and the direct ones together. */
export function effectivePermissions(direct: Iterable<Permission>, fromRoles: ReadonlySet<Permission>): Permission[] {
  return inCatalogueOrder([...direct, ...fromRoles]);
}
