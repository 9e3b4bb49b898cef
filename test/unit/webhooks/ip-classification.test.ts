import { classifyHostname, classifyIp, isAllowedClass, parseIpv4, parseIpv6 } from '../../../src/domain/webhooks/ip-classification';

describe('IP classification for webhook URLs', () => {
  it.each([
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['1.1.1.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['169.254.169.254', 'metadata'],
    ['169.254.0.1', 'link_local'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['100::1', 'reserved'],
    ['3fff::1', 'public'],
    ['4000::1', 'reserved'],
    // IPv4 inside IPv6
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.5', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:0808:0808::1', 'public'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyIp(ip)).toBe(cls);
  });

  it.each([['example.com'], ['256.1.1.1'], ['1.2.3'], ['01.2.3.4'], ['1:2:3'], ['1::2::3'], ['12345::1'], ['1:2:3:4:5:6:7:8:9'], ['']])('%s is not an IP literal', (text) => {
    expect(classifyIp(text)).toBeNull();
  });

  it('parses IPv4 and IPv6 exactly', () => {
    expect(parseIpv4('192.168.1.2')).toBe(0xc0a80102);
    expect(parseIpv6('2001:db8::8a2e:370:7334')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0x8a2e, 0x370, 0x7334]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
  });

  it.each([
    ['localhost', 'loopback'],
    ['LOCALHOST.', 'loopback'],
    ['api.localhost', 'loopback'],
    ['metadata.google.internal', 'metadata'],
    ['metadata', 'metadata'],
    ['instance-data.ec2.internal', 'metadata'],
    ['db.internal', 'private'],
    ['printer.local', 'private'],
    ['intranet', 'private'],
    ['erp.example.com', null],
    ['hooks.empresa.com.sv', null],
  ])('host name %s is %s before resolving', (host, cls) => {
    expect(classifyHostname(host)).toBe(cls);
  });

  it.each([
    ['public', false, true],
    ['loopback', false, false],
    ['loopback', true, true],
    ['private', true, true],
    ['unique_local', true, true],
    ['link_local', true, false],
    ['metadata', true, false],
    ['multicast', true, false],
    ['unspecified', true, false],
    ['reserved', true, false],
  ] as const)('%s with allowPrivate=%s → allowed %s', (cls, allowPrivate, allowed) => {
    expect(isAllowedClass(cls, allowPrivate)).toBe(allowed);
  });
});
