# Session 2026-11-28g: the duplex prototypes (duplex-prototype.patch applied to 258a9a5, PROTO_DUPLEX=1: the
# table's both-directions rate as the total; PROTO_DUPLEX=2: the link map's total scaled by it) against the
# model as it is, replayed with bench/model_replay on every recorded sweep under bench/results/:
#   cd bench/results && PV=1 python3 gemm-2026-11-28g/call7/replay_duplex.py './**/*.csv'
# (REPLAY: the model_replay binary, ../../_build/bench/model_replay by default)
import subprocess,re,glob,os,sys,collections,statistics as st
files=sorted(f for f in glob.glob(sys.argv[1],recursive=True) if os.path.exists(os.path.join(os.path.dirname(f),'kernels.txt')) and os.path.exists(os.path.join(os.path.dirname(f),'linkmap.txt')))
jobs=[(f,os.path.dirname(f)) for f in files]+[tuple(x.split(':')) for x in sys.argv[2:]]
tot=collections.Counter(); PV=os.environ.get('PV','1'); errs={'':[], PV:[]}
for f,d in jobs:
    if not any(l.startswith('T=') for l in open(f)): continue
    res={}
    for v in ('',os.environ.get('PV','1')):
        env=dict(os.environ,PROTO_DUPLEX=v)
        out=subprocess.run([os.environ.get('REPLAY', '../../_build/bench/model_replay'),d+'/kernels.txt',d+'/linkmap.txt',f],capture_output=True,text=True,env=env).stdout
        m=re.search(r'predictions within 15%: (\d+) of (\d+); picks within 5% of the best fixed tile: (\d+) of (\d+)',out)
        if not m: continue
        res[v]=tuple(map(int,m.groups()))
        for c in re.finditer(r' ([\d.]+)/([\d.]+)\(([+-]\d+)%\)',out):
            meas=float(c.group(1)); pred=float(c.group(2)); errs[v].append(abs(pred-meas)/meas)
        picks=re.findall(r'^(\S+ \S+ \S+): .*\| pick (\S+) .*?(\d\.\d\d) of best',out,re.M)
        res[v+'p']=picks
    if '' in res and PV in res:
        for i,k in enumerate(('w15','cells','p5','pts')):
            tot[k+'0']+=res[''][i]; tot[k+'1']+=res[PV][i]
        if res['']!=res[PV] or res['p']!=res[PV+'p']:
            print(f, res[''], '->', res[PV])
            a=dict((x[0],x[1:]) for x in res['p']); b=dict((x[0],x[1:]) for x in res[PV+'p'])
            for k in a:
                if a[k]!=b.get(k): print('   ',k,a[k],'->',b.get(k))
print(dict(tot))
print('mean |err| before %.4f after %.4f'%(st.mean(errs['']),st.mean(errs[PV])), len(errs['']))
