import re,csv,sys
# Each dataset point's pick and prediction under two kernel tables on one link map (model_replay's
# lines), against the dataset's measured times (session n's library, with the lanes).
meas={}
for r in csv.reader(open(sys.argv[1])):
    if r and r[0]=='paralia':
        meas[(r[1],r[2],r[3],r[4],r[5])]=(float(r[7]),r[6])
def read(f):
    d={}
    for l in open(f):
        m=re.match(r'([ds]) (\d+)x(\d+)x(\d+) (\w+):.*\| pick (\S+) \(devices [^,]*, predicted ([\d.]+)\)',l)
        if m: d[m.groups()[:5]]=(m.group(6),float(m.group(7)))
    return d
o=read(sys.argv[2]); n=read(sys.argv[3])
same=[]; moved=0
for k in o:
    ms,cfg=meas[k]
    eo=(o[k][1]-ms)/ms; en=(n[k][1]-ms)/ms
    if o[k][0]==n[k][0]:
        same.append((eo,en,k))
    else:
        moved+=1
        print("moved %s %s %s: %s %.1f -> %s %.1f (measured %.1f, %s)"%(k[0],'x'.join(k[1:4]),k[4],o[k][0],o[k][1],n[k][0],n[k][1],ms,cfg))
print("%d points, %d picks moved, %d kept"%(len(o),moved,len(same)))
for prec in 'ds':
    s=[x for x in same if x[2][0]==prec]
    print("%s, kept picks: mean error carried %+.1f%%, lanes' %+.1f%%; mean |error| %.1f%% / %.1f%%; within 15%% %d / %d of %d"%(
      prec,100*sum(a for a,b,c in s)/len(s),100*sum(b for a,b,c in s)/len(s),
      100*sum(abs(a) for a,b,c in s)/len(s),100*sum(abs(b) for a,b,c in s)/len(s),
      sum(abs(a)<=.15 for a,b,c in s),sum(abs(b)<=.15 for a,b,c in s),len(s)))
