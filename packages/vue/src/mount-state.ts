import { getCurrentInstance, onActivated, onDeactivated, shallowRef, type ShallowRef } from 'vue';

/** Whether a component's embed may live: `active`, or `deactivated` while `<KeepAlive>` keeps it aside. */
export type MountState = 'active' | 'deactivated';

/**
 * The calling component's {@link MountState}. `<KeepAlive>` moves a deactivated component's element
 * out of the page, which would unload its iframe: the embed is destroyed then and made anew on
 * activation, with a fresh id. Outside a component (a composable in an effect scope) it stays `active`.
 */
export function useMountState(): Readonly<ShallowRef<MountState>> {
  const mount = shallowRef<MountState>('active');
  if (!getCurrentInstance()) return mount;
  onDeactivated(() => {
    mount.value = 'deactivated';
  });
  onActivated(() => {
    mount.value = 'active';
  });
  return mount;
}
