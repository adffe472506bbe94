import { Toaster } from 'sonner';

/** sonner's Toaster as the app configures it; loaded with sonner, see `lib/toast`. */
export function AppToaster() {
  return (
    // Lifted above the Mylo chat button, which sits in the same corner (on phones too, where
    // toasts span the width). The toaster is a polite live region: toasts are read.
    <Toaster
      position="bottom-right"
      offset={{ bottom: 88, right: 24 }}
      mobileOffset={{ bottom: 80, left: 16, right: 16 }}
      // Six seconds rather than four, to read a message; hovering or Alt+T holds it.
      toastOptions={{ duration: 6000 }}
      richColors
    />
  );
}
