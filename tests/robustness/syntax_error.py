from mindspore import nn
class Net(nn.Cell):
    def __init__(self:
        self.layers = [nn.Dense(2, 2)
