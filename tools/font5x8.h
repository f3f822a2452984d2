/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A 5 x 8 pixel font (tools/font5x8.c) for the pictures paralia-linkmap draws. */
#ifndef PARALIA_FONT5X8_H
#define PARALIA_FONT5X8_H

#define FONT_W 5
#define FONT_H 8 /* seven rows above the baseline, one for descenders */
/* FONT_H rows of FONT_W pixels (bit 4 is the leftmost), or NULL for a character the font lacks
 * (blank, or anything outside digits, . - / : ( ) , G B and the lowercase letters it has). */
const unsigned char *font5x8_glyph(char c);
#endif
