/* CHandy: libhandy 1, GNOME's preference rows for GTK 3, for the settings
 * window only (the module links nothing it does not run). Only includes. */
#ifndef CLICKGUARD_CHANDY_SHIM_H
#define CLICKGUARD_CHANDY_SHIM_H

#include <handy.h>

#endif
