import struct, sys
d = bytearray(open(sys.argv[1],'rb').read())
def vint(b, i, keep_marker=False):
    first = b[i]; n = 1; mask = 0x80
    while not first & mask: mask >>= 1; n += 1
    v = first if keep_marker else first & (mask - 1)
    for k in range(1, n): v = (v << 8) | b[i+k]
    return v, n
def elements(b, start, end):
    i = start
    while i < end:
        eid, n1 = vint(b, i, True); size, n2 = vint(b, i+n1)
        unknown = size == (1 << (7*n2)) - 1
        yield eid, i, i+n1+n2, (end if unknown else i+n1+n2+size)
        i = (i+n1+n2) if unknown and eid == 0x18538067 else (end if unknown else i+n1+n2+size)
top = list(elements(d, 0, len(d)))
seg = [e for e in top if e[0] == 0x18538067][0]
children = list(elements(d, seg[2], len(d)))
info = [e for e in children if e[0] == 0x1549A966][0]
scale = 1000000
for eid, s, ds, de in elements(d, info[2], info[3]):
    if eid == 0x2AD7B1: scale = int.from_bytes(d[ds:de], 'big')
    if eid == 0x4489: print('already has duration'); sys.exit(0)
last = 0; ct = 0; i = info[3]; clusters = 0
while i < len(d):
    eid, n1 = vint(d, i, True); size, n2 = vint(d, i+n1)
    unknown = size == (1 << (7*n2)) - 1
    ds = i+n1+n2
    if eid == 0x1F43B675:
        clusters += 1; i = ds if unknown else ds; continue
    if eid == 0xE7: ct = int.from_bytes(d[ds:ds+size], 'big')
    if eid == 0xA0:
        i = ds; continue
    if eid in (0xA3, 0xA1):
        _, n = vint(d, ds); rel = struct.unpack('>h', d[ds+n:ds+n+2])[0]
        last = max(last, ct + rel)
    i = ds + size
print('clusters', clusters)
dur_ms = (last + 40) * scale / 1e6
print('duration ms', dur_ms, 'scale', scale, 'children', [hex(c[0]) for c in children[:4]])
dur = bytes([0x44, 0x89, 0x88]) + struct.pack('>d', (last + 40))
payload = bytes(d[info[2]:info[3]]) + dur
size = len(payload)
new_info = bytes([0x15,0x49,0xA9,0x66]) + bytes([0x01]) + size.to_bytes(7,'big') + payload
out = bytes(d[:info[1]]) + new_info + bytes(d[info[3]:])
open(sys.argv[2],'wb').write(out)
