/* sg_platform: a SIMON switch file's network as a SimGrid platform (XML),
 * for the SimGrid engine when no platform file is given, and shown by a
 * simulated program's -show-platform.  Hosts h0 ... h(N-1), names padded so
 * that their name order is the tasks' mktask order, at 1 Gflop/s:
 *   null      the hosts alone (copies arrive at their send time, no link)
 *   p2p       a split-duplex link per host pair, each way its own
 *   crossbar  an up link and a down link per host; A to B crosses up<A>
 *             (with the latency) and down<B>
 *   bus       one shared link that every route crosses
 * Other models (and the bus with collisions) have no translation.  The
 * caller owns out. */
#ifndef SIMON_SG_PLATFORM_H
#define SIMON_SG_PLATFORM_H

#include <stdbool.h>

#include "strbuf.h"
#include "sw.h"

/* The platform of cfg (NULL: null) for n hosts appended to out; false and
 * *why (static text) when the model has no translation. */
bool sg_platform_xml(strbuf *out, const sw_config *cfg, int n, const char **why);

#endif
